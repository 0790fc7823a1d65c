#include "upstreamerror.h"

#include "common/batchbuilder.h"
#include "common/jsonstream.h"

namespace unalloc::adapters {

namespace {

bool isSummarisedSpend(std::string_view head)
{
    return contains(head, "\"users\"") && contains(head, "\"models\"") &&
           contains(head, "\"spend\"");
}

std::string textAt(const JValue &v, std::initializer_list<const char *> path)
{
    const JValue *cur = &v;
    for (const char *k : path) {
        cur = cur->isObject() ? cur->get(k) : nullptr;
        if (!cur)
            return {};
    }
    return cur->isScalar() ? cur->text() : cur->dump();
}

} // namespace

bool UpstreamErrorAdapter::canRead(std::string_view head, std::string_view) const
{
    const char c = firstSignificant(head);
    if (c == '[')
        return isSummarisedSpend(head);
    if (c != '{')
        return false;
    return (contains(head, "\"error\"") && contains(head, "\"message\"")) ||
           contains(head, "\"detail\"") ||
           (contains(head, "\"code\"") && contains(head, "\"message\""));
}

core::Result<ReadResult> UpstreamErrorAdapter::read(std::string_view bytes,
                                                    const ReadOptions &options,
                                                    const RowSink &,
                                                    const Progress &) const
{
    const std::string_view head = bytes.substr(0, 64 * 1024);
    if (firstSignificant(head) == '[' && isSummarisedSpend(head)) {
        return core::fail("unsupported-shape",
                          "this is LiteLLM's summarised /spend/logs output (one total per day); "
                          "request /spend/logs/v2 or /spend/logs with summarize=false",
                          options.fileName);
    }
    auto doc = parseSmallJson(bytes);
    if (!doc)
        return core::fail("bad-json", doc.error().detail, options.fileName, doc.error().record);
    std::string message, kind;
    if (const std::string m = textAt(*doc, {"error", "message"}); !m.empty()) {
        message = m;
        kind = textAt(*doc, {"error", "type"});
        if (const std::string code = textAt(*doc, {"error", "code"}); !code.empty())
            kind += (kind.empty() ? "" : ", ") + code;
    } else if (const std::string d = textAt(*doc, {"detail", "error"}); !d.empty()) {
        message = d;
    } else if (const std::string d2 = textAt(*doc, {"detail"}); !d2.empty()) {
        message = d2;
    } else {
        message = textAt(*doc, {"message"});
        kind = "code " + textAt(*doc, {"code"});
    }
    if (message.empty())
        return core::fail("unknown-format", "not a recognised export format", options.fileName);
    return core::fail("upstream-error",
                      "the file is an error response, not data" +
                          (kind.empty() ? std::string() : " (" + kind + ")") + ": " + message,
                      options.fileName);
}

} // namespace unalloc::adapters
