#include "offline_sequence.hpp"

namespace tglink::testing {
namespace json = boost::json;

namespace {

constexpr const char* kParseError = "Failed to parse JSON object as TDLib request";

json::object strip(json::object message) {
  message.erase("@client_id");
  message.erase("@extra");
  return message;
}

// Invalid JSON is described by each library's own parser: keep only the common prefix.
json::object cut_json_error(json::object answer) {
  std::string message(answer.at("message").as_string());
  std::size_t colon = message.find(':');
  if (colon != std::string::npos) answer["message"] = message.substr(0, colon);
  return answer;
}

class Recorder {
 public:
  void add(const std::string& step, const json::value& answer) {
    steps_.push_back(json::object{{"step", step}, {"answer", answer}});
  }
  json::array take() { return std::move(steps_); }

 private:
  json::array steps_;
};

TdJsonDriver::Match has_extra(const char* extra) {
  return [extra](const json::object& message) {
    const json::value* got = message.if_contains("@extra");
    return got != nullptr && *got == extra;
  };
}

std::string auth_state(const json::object& update) {
  return std::string(update.at("authorization_state").as_object().at("@type").as_string());
}

void record_execute(TdJsonDriver& td, Recorder& out) {
  out.add("execute setLogVerbosityLevel",
          td.execute(R"({"@type":"setLogVerbosityLevel","new_verbosity_level":0})"));
  out.add("execute getTextEntities",
          td.execute(R"({"@type":"getTextEntities","text":"hi /start @user https://x.com"})"));
  out.add("execute getTextEntities missing field", td.execute(R"({"@type":"getTextEntities"})"));
  out.add("execute wrong type", td.execute(R"({"@type":"getTextEntities","text":5})"));
  out.add("execute unknown class", td.execute(R"({"@type":"noSuchMethod"})"));
  out.add("execute asynchronous method", td.execute(R"({"@type":"getMe"})"));
  out.add("execute not an object", td.execute("[1]"));
  out.add("execute invalid JSON", cut_json_error(td.execute("{oops")));
  out.add("execute @extra kept",
          td.execute(R"({"@type":"getTextEntities","text":"x","@extra":5})"));
}

void record_bad_requests(TdJsonDriver& td, int client, Recorder& out) {
  const std::pair<const char*, const char*> requests[] = {
      {"unknown class", R"({"@type":"noSuchMethod"})"},
      {"missing @type", R"({"file_id":1})"},
      {"integer as text", R"({"@type":"getChat","chat_id":"abc"})"},
      {"fraction for integer", R"({"@type":"getFile","file_id":1.5})"},
      {"int32 overflow", R"({"@type":"getFile","file_id":99999999999})"},
      {"bool for integer", R"({"@type":"getFile","file_id":true})"},
      {"string for bool", R"({"@type":"downloadFile","file_id":1,"synchronous":"yes"})"},
      {"number for object", R"({"@type":"setNetworkType","type":5})"},
      {"nested unknown class", R"({"@type":"setNetworkType","type":{"@type":"nope"}})"},
      {"nested missing @type", R"({"@type":"setNetworkType","type":{}})"},
      {"nested wrong type",
       R"({"@type":"sendMessage","chat_id":1,"input_message_content":{"@type":"inputMessageText","text":{"@type":"formattedText","text":5}}})"},
  };
  for (const auto& [name, text] : requests) {
    json::object request = json::parse(text).as_object();
    out.add(std::string("bad request: ") + name, strip(td.request(client, request)));
  }
}

// Td::set_parameters refuses missing identity fields, in its own order, before anything else.
void record_bad_parameters(TdJsonDriver& td, int client, const std::string& directory,
                           Recorder& out) {
  const std::pair<const char*, json::value> bad_fields[] = {
      {"api_id", 0},
      {"api_hash", ""},
      {"system_language_code", ""},
      {"device_model", ""},
      {"application_version", ""},
  };
  json::object all_bad = offline_tdlib_parameters(directory);
  for (const auto& [field, value] : bad_fields) {
    json::object request = offline_tdlib_parameters(directory);
    request[field] = value;
    all_bad[field] = value;
    out.add(std::string("setTdlibParameters without ") + field, strip(td.request(client, request)));
  }
  out.add("setTdlibParameters without anything", strip(td.request(client, all_bad)));
  json::object two_bad = offline_tdlib_parameters(directory);
  two_bad["device_model"] = "";
  two_bad["application_version"] = "";
  two_bad["system_language_code"] = "";
  out.add("setTdlibParameters without language and device", strip(td.request(client, two_bad)));
}

// OptionManager::set_option: names and value types it refuses, and ones tglink sets.
void record_options(TdJsonDriver& td, int client, Recorder& out) {
  const json::object yes{{"@type", "optionValueBoolean"}, {"value", true}};
  const auto integer = [](const char* value) {
    return json::object{{"@type", "optionValueInteger"}, {"value", value}};
  };
  const std::pair<const char*, json::object> options[] = {
      {"no_such_option", yes},
      {"version", json::object{{"@type", "optionValueString"}, {"value", "1"}}},
      {"my_id", integer("5")},
      {"ignore_file_names", yes},
      {"disable_network_statistics", yes},
      {"ignore_inline_thumbnails", yes},
      {"ignore_file_names", integer("1")},
      {"message_unload_delay", yes},
      {"message_unload_delay", integer("1")},
      {"message_unload_delay", integer("60")},
      {"ignore_file_names", json::object{{"@type", "optionValueEmpty"}}},
      {"x-tglink", integer("1")},
  };
  for (const auto& [name, value] : options) {
    json::object request{{"@type", "setOption"}, {"name", name}, {"value", value}};
    out.add(std::string("setOption ") + name + " " + json::serialize(value),
            strip(td.request(client, request)));
  }
}

}  // namespace

json::object offline_tdlib_parameters(const std::string& directory) {
  return {{"@type", "setTdlibParameters"},
          {"database_directory", directory},
          {"use_file_database", true},
          {"api_id", 94575},
          {"api_hash", "a3406de8d171bb422bb6ddf3bbd800e2"},
          {"system_language_code", "en"},
          {"device_model", "contract"},
          {"application_version", "1"}};
}

json::value shape_of(const json::value& value) {
  switch (value.kind()) {
    case json::kind::object: {
      json::object shape;
      for (const auto& [key, item] : value.get_object()) {
        shape[key] = key == "@type" ? item : shape_of(item);
      }
      return shape;
    }
    case json::kind::array: {
      json::array shape;
      for (const json::value& item : value.get_array()) shape.push_back(shape_of(item));
      return shape;
    }
    case json::kind::string:
      return "string";
    case json::kind::bool_:
      return "bool";
    case json::kind::null:
      return "null";
    default:
      return "number";
  }
}

json::array run_offline_sequence(TdJsonDriver& td, const std::string& directory) {
  Recorder out;
  record_execute(td, out);
  int client = td.create_client();
  // The real library starts a client only on its first request, and answers setNetworkType
  // only once it has its parameters: send it now, collect the answer later.
  td.send(client, json::object{{"@type", "setNetworkType"},
                               {"type", json::object{{"@type", "networkTypeNone"}}},
                               {"@extra", "network"}});
  out.add("first state",
          json::value(auth_state(td.wait_update(client, "updateAuthorizationState"))));
  out.add("before parameters: getMe", strip(td.request(client, {{"@type", "getMe"}})));
  out.add("before parameters: getFile",
          strip(td.request(client, {{"@type", "getFile"}, {"file_id", 12345}})));
  out.add("getOption version",
          strip(td.request(client, {{"@type", "getOption"}, {"name", "version"}})));
  record_bad_requests(td, client, out);
  record_bad_parameters(td, client, directory, out);
  out.add("setTdlibParameters", strip(td.request(client, offline_tdlib_parameters(directory))));
  out.add("setNetworkType none", strip(td.wait_for(has_extra("network"))));
  out.add("second state",
          json::value(auth_state(td.wait_update(client, "updateAuthorizationState"))));
  json::object connection = td.wait_update(client, "updateConnectionState");
  out.add("connection state", strip(connection));
  out.add("getAuthorizationState", strip(td.request(client, {{"@type", "getAuthorizationState"}})));
  record_options(td, client, out);
  out.add("unauthorized getMe", strip(td.request(client, {{"@type", "getMe"}})));
  out.add("unauthorized getFile",
          strip(td.request(client, {{"@type", "getFile"}, {"file_id", 12345}})));
  td.send(client, json::object{{"@type", "checkAuthenticationBotToken"},
                               {"token", "123456:AAHcontractTestTokenThatNeverLeaves_x"},
                               {"@extra", "pending token"}});
  out.add("close", strip(td.request(client, {{"@type", "close"}})));
  json::object aborted = td.wait_for(has_extra("pending token"));
  out.add("pending token after close", strip(aborted));
  std::string state;
  json::array closing;
  while (state != "authorizationStateClosed") {
    state = auth_state(td.wait_update(client, "updateAuthorizationState"));
    closing.push_back(json::value(state));
  }
  out.add("closing states", closing);
  return out.take();
}

json::array parse_errors_of(TdJsonDriver& td, const std::string& directory,
                            const json::array& requests) {
  int client = td.create_client();
  td.send(client, json::object{{"@type", "setNetworkType"},
                               {"type", json::object{{"@type", "networkTypeNone"}}}});
  td.request(client, {{"@type", "setTdlibParameters"},
                      {"database_directory", directory},
                      {"api_id", 94575},
                      {"api_hash", "a3406de8d171bb422bb6ddf3bbd800e2"},
                      {"system_language_code", "en"},
                      {"device_model", "contract"},
                      {"application_version", "1"}});
  json::array errors;
  for (const json::value& request : requests) {
    std::string message;
    try {
      // Parse errors come back at once; a request still pending after a while has parsed.
      json::object answer = td.request(client, request.as_object(), std::chrono::seconds(2));
      if (answer.contains("message")) message = std::string(answer.at("message").as_string());
    } catch (const std::runtime_error&) {
    }
    errors.push_back(json::value(message.rfind(kParseError, 0) == 0 ? message : std::string()));
  }
  return errors;
}

}  // namespace tglink::testing
