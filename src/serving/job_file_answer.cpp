#include "serving/job_file_answer.hpp"

#include <charconv>
#include <chrono>

#include "http/content_plan.hpp"
#include "http/entity_tag.hpp"
#include "http/http_date.hpp"
#include "http/http_request.hpp"
#include "http/rate_limit_key.hpp"
#include "http/request_conditions.hpp"
#include "http/response_channel.hpp"
#include "serving/answer_budget.hpp"
#include "serving/counted_body.hpp"

namespace tglink {

namespace {

namespace asio = boost::asio;

std::string hex_digits(std::uint64_t value) {
  char text[16];
  const std::to_chars_result written = std::to_chars(text, text + sizeof text, value, 16);
  return std::string(text, written.ptr);
}

// Strong: the same inode, size and time are the same bytes (a job's files are written once, or
// grow, or are replaced by a rename, which changes the inode).
EntityTag job_file_entity_tag(const JobFile& file) {
  return EntityTag{hex_digits(file.inode()) + "-" + hex_digits(file.size()) + "-" +
                       hex_digits(static_cast<std::uint64_t>(file.modified_ns())),
                   false};
}

SystemTime job_file_modified(const JobFile& file) {
  return SystemTime{std::chrono::duration_cast<SystemTime::duration>(
      std::chrono::nanoseconds{file.modified_ns()})};
}

void add_job_file_validators(HttpResponse& response, const ResourceFacts& facts,
                             const JobFileAnswer& how) {
  response.set_header("ETag", facts.etag->to_header());
  response.set_header("Last-Modified", format_http_date(*facts.last_modified));
  response.set_header("Accept-Ranges", "bytes");
  response.set_header("Cache-Control", how.cache_control);
}

// 304, 412 and 416: no file bytes.
HttpResponse job_file_bodiless_answer(const ContentPlan& plan, const ResourceFacts& facts,
                                      const JobFileAnswer& how) {
  HttpResponse answer;
  if (plan.status == ContentStatus::kRangeNotSatisfiable) {
    answer = json_error(416, "RANGE_NOT_SATISFIABLE", "The requested range is outside the file");
    answer.set_header("Content-Range", plan.content_range);
  } else if (plan.status == ContentStatus::kPreconditionFailed) {
    answer = json_error(412, "PRECONDITION_FAILED", "A precondition of the request does not hold");
  } else {
    answer.status = plan.status_code();
  }
  add_job_file_validators(answer, facts, how);
  if (plan.status != ContentStatus::kNotModified) answer.set_header("Cache-Control", "no-store");
  return answer;
}

}  // namespace

HttpResponse player_busy_answer() {
  return json_error(503, "PLAYER_BUSY", "Too many answers are waiting on their clients; try again",
                    kPlayerBusyRetryAfter);
}

asio::awaitable<void> send_job_file(const PlaybackRouteDeps& deps, const HttpRequest& request,
                                    const LinkCheck& check, const JobFile& file,
                                    const JobFileAnswer& how, ResponseChannel& out) {
  const std::optional<AnswerBudget::Ticket> ticket =
      deps.answers->take(rate_limit_key(request.client_address));
  if (!ticket) {
    co_await out.send(player_busy_answer());
    co_return;
  }
  ResourceFacts facts;
  facts.size = file.size();
  facts.etag = job_file_entity_tag(file);
  facts.last_modified = job_file_modified(file);
  const RequestMethod method = request.is_head() ? RequestMethod::kHead : RequestMethod::kGet;
  const ContentPlan plan = plan_content(method, conditional_headers(request), facts);
  if (!plan.has_body()) {
    HttpResponse answer = job_file_bodiless_answer(plan, facts, how);
    co_await out.send(std::move(answer));
    co_return;
  }
  HttpResponse head;
  head.status = plan.status_code();
  head.set_header("Content-Type", std::string(how.content_type));
  head.set_header("X-Content-Type-Options", "nosniff");
  if (!plan.content_range.empty()) head.set_header("Content-Range", plan.content_range);
  add_job_file_validators(head, facts, how);
  if (request.is_head()) {
    co_await out.begin_body(std::move(head), plan.body.length());
    co_return;
  }
  // A job's file has no name of its own; the dashboard lists it by its link.
  CountedBody body(
      ViewerCounting{deps.link.bandwidth, deps.traffic, deps.streams}, out, check.message_id,
      StreamLabel{request.client_address, "converted, link " + std::to_string(check.message_id)});
  CountingChannel& counted = body.channel();
  co_await counted.begin_body(std::move(head), plan.body.length());
  if (plan.body.length() == 0) co_return;
  const bool sent = co_await counted.write_file(file.fd(), plan.body);
  if (!sent || counted.stopped_by_limit()) out.abort();
}

}  // namespace tglink
