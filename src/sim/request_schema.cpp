#include "sim/request_schema.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <map>
#include <string_view>
#include <utility>
#include <vector>

#include "sim/json_fields.hpp"

namespace tglink::sim {
namespace json = boost::json;

namespace {

using Fields = std::vector<std::pair<std::string_view, FieldKind>>;
using K = FieldKind;

constexpr std::string_view kFunctionNames[] = {
#include "sim/tdlib_function_names.inc"
};
constexpr std::string_view kClassNames[] = {
#include "sim/tdlib_class_names.inc"
};

bool sorted_contains(const std::string_view* begin, const std::string_view* end,
                     std::string_view name) {
  return std::binary_search(begin, end, name);
}

bool is_function(std::string_view name) {
  return sorted_contains(std::begin(kFunctionNames), std::end(kFunctionNames), name);
}

bool is_class(std::string_view name) {
  return sorted_contains(std::begin(kClassNames), std::end(kClassNames), name);
}

// Fields of the functions the simulator answers and of the input objects they carry, in
// TDLib's declaration order (parse errors name the first bad field in that order).
const std::map<std::string_view, Fields>& schema() {
  static const std::map<std::string_view, Fields> kSchema = {
      {"setTdlibParameters",
       {{"use_test_dc", K::kBool},
        {"database_directory", K::kString},
        {"files_directory", K::kString},
        {"database_encryption_key", K::kString},
        {"use_file_database", K::kBool},
        {"use_chat_info_database", K::kBool},
        {"use_message_database", K::kBool},
        {"use_secret_chats", K::kBool},
        {"api_id", K::kInt32},
        {"api_hash", K::kString},
        {"system_language_code", K::kString},
        {"device_model", K::kString},
        {"system_version", K::kString},
        {"application_version", K::kString}}},
      {"setNetworkType", {{"type", K::kObject}}},
      {"checkAuthenticationBotToken", {{"token", K::kString}}},
      {"getAuthorizationState", {}},
      {"getMe", {}},
      {"close", {}},
      {"logOut", {}},
      {"getUser", {{"user_id", K::kInt53}}},
      {"getChat", {{"chat_id", K::kInt53}}},
      {"getChatMember", {{"chat_id", K::kInt53}, {"member_id", K::kObject}}},
      {"getChatAdministrators", {{"chat_id", K::kInt53}}},
      {"getSupergroup", {{"supergroup_id", K::kInt53}}},
      {"createChatInviteLink",
       {{"chat_id", K::kInt53},
        {"name", K::kString},
        {"expiration_date", K::kInt32},
        {"member_limit", K::kInt32},
        {"creates_join_request", K::kBool}}},
      {"createPrivateChat", {{"user_id", K::kInt53}, {"force", K::kBool}}},
      {"getMessage", {{"chat_id", K::kInt53}, {"message_id", K::kInt53}}},
      {"deleteMessages",
       {{"chat_id", K::kInt53}, {"message_ids", K::kArray}, {"revoke", K::kBool}}},
      {"sendMessage",
       {{"chat_id", K::kInt53},
        {"topic_id", K::kObject},
        {"reply_to", K::kObject},
        {"options", K::kObject},
        {"reply_markup", K::kObject},
        {"input_message_content", K::kObject}}},
      {"editMessageText",
       {{"chat_id", K::kInt53},
        {"message_id", K::kInt53},
        {"reply_markup", K::kObject},
        {"input_message_content", K::kObject}}},
      {"editMessageReplyMarkup",
       {{"chat_id", K::kInt53}, {"message_id", K::kInt53}, {"reply_markup", K::kObject}}},
      {"leaveChat", {{"chat_id", K::kInt53}}},
      {"forwardMessages",
       {{"chat_id", K::kInt53},
        {"topic_id", K::kObject},
        {"from_chat_id", K::kInt53},
        {"message_ids", K::kArray},
        {"options", K::kObject},
        {"send_copy", K::kBool},
        {"remove_caption", K::kBool}}},
      {"answerCallbackQuery",
       {{"callback_query_id", K::kInt64},
        {"text", K::kString},
        {"show_alert", K::kBool},
        {"url", K::kString},
        {"cache_time", K::kInt32}}},
      {"setCommands",
       {{"scope", K::kObject}, {"language_code", K::kString}, {"commands", K::kArray}}},
      {"getFile", {{"file_id", K::kInt32}}},
      {"downloadFile",
       {{"file_id", K::kInt32},
        {"priority", K::kInt32},
        {"offset", K::kInt53},
        {"limit", K::kInt53},
        {"synchronous", K::kBool}}},
      {"cancelDownloadFile", {{"file_id", K::kInt32}, {"only_if_pending", K::kBool}}},
      {"deleteFile", {{"file_id", K::kInt32}}},
      {"getFileDownloadedPrefixSize", {{"file_id", K::kInt32}, {"offset", K::kInt53}}},
      {"setOption", {{"name", K::kString}, {"value", K::kObject}}},
      {"getOption", {{"name", K::kString}}},
      {"setLogVerbosityLevel", {{"new_verbosity_level", K::kInt32}}},
      {"getLogVerbosityLevel", {}},
      {"getTextEntities", {{"text", K::kString}}},
      {"addProxy", {{"proxy", K::kObject}, {"enable", K::kBool}, {"comment", K::kString}}},
      {"getProxies", {}},
      // Input objects.
      {"formattedText", {{"text", K::kString}, {"entities", K::kArray}}},
      {"textEntity", {{"offset", K::kInt32}, {"length", K::kInt32}, {"type", K::kObject}}},
      {"inputMessageText",
       {{"text", K::kObject}, {"link_preview_options", K::kObject}, {"clear_draft", K::kBool}}},
      {"inputMessageDocument",
       {{"document", K::kObject},
        {"thumbnail", K::kObject},
        {"disable_content_type_detection", K::kBool},
        {"caption", K::kObject}}},
      {"inputFileLocal", {{"path", K::kString}}},
      {"inputFileId", {{"id", K::kInt32}}},
      {"inputFileRemote", {{"id", K::kString}}},
      {"messageSenderUser", {{"user_id", K::kInt53}}},
      {"messageSenderChat", {{"chat_id", K::kInt53}}},
      {"replyMarkupInlineKeyboard", {{"rows", K::kArray}}},
      {"inlineKeyboardButton", {{"text", K::kString}, {"type", K::kObject}}},
      {"inlineKeyboardButtonTypeUrl", {{"url", K::kString}}},
      {"inlineKeyboardButtonTypeCallback", {{"data", K::kString}}},
      {"botCommand", {{"command", K::kString}, {"description", K::kString}}},
      {"optionValueBoolean", {{"value", K::kBool}}},
      {"optionValueInteger", {{"value", K::kInt64}}},
      {"optionValueString", {{"value", K::kString}}},
      {"proxy", {{"server", K::kString}, {"port", K::kInt32}, {"type", K::kObject}}},
      {"proxyTypeSocks5", {{"username", K::kString}, {"password", K::kString}}},
      {"proxyTypeHttp",
       {{"username", K::kString}, {"password", K::kString}, {"http_only", K::kBool}}},
      {"proxyTypeMtproto", {{"secret", K::kString}}},
  };
  return kSchema;
}

void check_object(const json::object& object, bool top_level);

void check_nested(const json::value& value) {
  if (value.is_object()) {
    check_object(value.get_object(), false);
  } else if (value.is_array()) {
    for (const json::value& item : value.get_array()) check_nested(item);
  }
}

std::string type_name_of(const json::object& object) {
  const json::value* type = object.if_contains("@type");
  if (type == nullptr) {
    throw ParseError("Can't find field \"@type\"");
  }
  if (type->is_number()) {
    char text[32];
    std::snprintf(text, sizeof text, "0x%08x", static_cast<unsigned>(type->to_number<double>()));
    throw ParseError(std::string("Unknown constructor ") + text);
  }
  if (!type->is_string()) {
    throw ParseError("Expected String, but receive Object");
  }
  return std::string(type->get_string());
}

void check_object(const json::object& object, bool top_level) {
  std::string name = type_name_of(object);
  bool known = top_level ? is_function(name) : is_class(name);
  if (!known) {
    throw ParseError("Unknown class \"" + name + "\"");
  }
  auto found = schema().find(name);
  if (found == schema().end()) {
    return;  // a real TDLib class the simulator does not model: its fields are not checked
  }
  for (const auto& [field, kind] : found->second) {
    const json::value* value = object.if_contains(field);
    if (value == nullptr) continue;
    check_value(*value, kind);
    check_nested(*value);
  }
}

}  // namespace

void check_request(const json::object& request) { check_object(request, true); }

bool is_simulated_method(const std::string& name) {
  return is_function(name) && schema().count(name) > 0;
}

}  // namespace tglink::sim
