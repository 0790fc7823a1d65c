#pragma once

#include "adapters/adapter.h"
#include "jsonvalue.h"

#include <functional>
#include <string>
#include <string_view>

namespace unalloc::adapters {

/// @brief What a format wants from a streamed JSON document.
///
/// The streamer walks the envelope event by event; wherever `wantsRecord` says yes it
/// materialises that one value as a JValue, hands it to `record` and forgets it, so memory
/// is bounded by the largest record, not the file.
class JsonVisitor
{
public:
    virtual ~JsonVisitor() = default;
    /// Called when a value starts outside any record; true = materialise it as one record.
    virtual bool wantsRecord(const JsonPath &path) const = 0;
    virtual core::Result<void> record(const JsonPath &path, JValue &&value) = 0;
    /// A scalar outside records (envelope fields such as `has_more`, `total`, `code`).
    virtual core::Result<void> scalar(const JsonPath &, const JValue &) { return {}; }
    /// An object or array outside records opens / closes.
    virtual core::Result<void> enter(const JsonPath &, JValue::Kind) { return {}; }
    virtual core::Result<void> leave(const JsonPath &) { return {}; }
    /// A key repeated inside one object of a record (`where`: the object's path). The
    /// record keeps the first value (JValue::find); formats warn through their builder.
    virtual void duplicateKey(const std::string & /*where*/, const std::string & /*key*/) {}
    /// A whole document (one page of a concatenated page set) begins / ends.
    virtual core::Result<void> beginDocument(int) { return {}; }
    virtual core::Result<void> endDocument(int) { return {}; }
};

/// The deepest nesting of objects and arrays any JSON input may have. Real exports nest
/// about six levels; the limit keeps a hostile file from exhausting the stack (the values
/// are trees, and trees are freed recursively). Deeper input fails with code "too-deep".
inline constexpr int kMaxJsonDepth = 256;

/// Streams `bytes` (one JSON document, or several concatenated — a page set, e.g. the pages
/// of one pull written one after the other) through `visitor`. A UTF-8 BOM is skipped.
/// Malformed JSON (truncated, NaN, Infinity, nesting deeper than kMaxJsonDepth, …) fails
/// with the byte offset and the JSON path where it broke.
core::Result<void> streamJson(std::string_view bytes,
                              const std::string &fileName,
                              JsonVisitor &visitor,
                              const Progress &progress);

/// Parses a small JSON text (e.g. a CSV cell holding a JSON object) fully into a JValue.
/// `baseDepth`: containers already open around the text when it is a part of a larger
/// document, so that kMaxJsonDepth holds for the document as a whole.
/// `onDuplicateKey` hears of keys repeated inside one object (path relative to the text,
/// "" for its top level).
core::Result<JValue>
parseSmallJson(std::string_view text,
               int baseDepth = 0,
               const std::function<void(const std::string &where, const std::string &key)>
                   &onDuplicateKey = {});

} // namespace unalloc::adapters
