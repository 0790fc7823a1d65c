#include "fakeadapter.h"

#include <charconv>

namespace unalloc::testing {

namespace {

std::vector<std::string_view> split(std::string_view s, char sep)
{
    std::vector<std::string_view> out;
    size_t pos = 0;
    for (;;) {
        const size_t next = s.find(sep, pos);
        out.push_back(s.substr(pos, next == std::string_view::npos ? next : next - pos));
        if (next == std::string_view::npos)
            return out;
        pos = next + 1;
    }
}

core::Result<core::CostRow>
parseLine(std::string_view line, const adapters::ReadOptions &o, const std::string &where)
{
    const auto f = split(line, ',');
    if (f.size() < 6)
        return core::fail("bad-record", "expected 6 fields", o.fileName, where);
    core::CostRow row;
    row.source = "fake";
    row.recordKey = std::string(f[0]);
    row.name = "obj-" + std::string(f[0]).substr(0, 1);
    auto amount = core::Decimal::parse(f[1]);
    if (!amount)
        return core::fail("bad-amount", amount.error().detail, o.fileName, where, "amount");
    auto currency = core::Currency::parse(f[2]);
    if (!currency)
        return core::fail("bad-currency", currency.error().detail, o.fileName, where, "currency");
    auto start = core::parseTimestamp(f[3]);
    auto end = core::parseTimestamp(f[4]);
    if (!start || !end)
        return core::fail("bad-time", "bad timestamp", o.fileName, where, "start");
    row.amount = core::Money{*amount, *currency};
    row.start = *start;
    row.end = *end;
    if (!f[5].empty())
        row.rawLabels.push_back({"team", std::string(f[5])});
    if (f.size() > 6 && !f[6].empty())
        row.rawLabels.push_back({"Cost-Center", std::string(f[6])});
    auto norm = o.normaliser->normalise(row.rawLabels);
    row.labels = std::move(norm.labels);
    row.collisions = std::move(norm.collisions);
    return row;
}

} // namespace

core::Result<adapters::ReadResult> FakeAdapter::read(std::string_view bytes,
                                                     const adapters::ReadOptions &options,
                                                     const adapters::RowSink &sink,
                                                     const adapters::Progress &progress) const
{
    adapters::ReadResult result;
    result.batch.source = source();
    result.batch.format = id();
    const auto lines = split(bytes, '\n');
    long declared = -1;
    if (const auto p = lines[0].find("declared="); p != std::string_view::npos)
        std::from_chars(lines[0].data() + p + 9, lines[0].data() + lines[0].size(), declared);
    std::int64_t rows = 0;
    for (size_t i = 1; i < lines.size(); ++i) {
        const std::string where = "line " + std::to_string(i + 1);
        if (lines[i].empty())
            continue;
        if (lines[i].starts_with("FAIL"))
            return core::fail("bad-record", std::string(lines[i].substr(4)), options.fileName,
                              where, "amount");
        auto row = parseLine(lines[i], options, where);
        if (!row)
            return core::fail(row.error());
        if (row->amount.amount.isNegative())
            result.batch.warnings.push_back(
                {"credit", options.fileName, where, "amount", "negative amount (a credit)"});
        ++rows;
        sink(std::move(*row));
        if (progress && !progress(static_cast<std::int64_t>(lines[i].data() - bytes.data()),
                                  static_cast<std::int64_t>(bytes.size())))
            return core::fail("cancelled", "cancelled", options.fileName);
    }
    result.batch.rowCount = rows;
    result.batch.evidence.recordsRead = rows;
    if (declared >= 0) {
        result.batch.evidence.recordsDeclared = declared;
        if (rows < declared) {
            result.batch.evidence.reason = "read " + std::to_string(rows) + " of " +
                                           std::to_string(declared) + " declared records";
            result.batch.status = core::BatchStatus::Partial;
        }
    }
    return result;
}

const adapters::Adapter *detectWithFake(std::string_view bytes, std::string_view fileName)
{
    static const FakeAdapter fake;
    if (fake.canRead(bytes.substr(0, 64), fileName))
        return &fake;
    return adapters::Registry::instance().detect(bytes, fileName);
}

std::string fakeFile(const std::vector<std::string> &lines, long declared)
{
    std::string out = "FAKE";
    if (declared >= 0)
        out += " declared=" + std::to_string(declared);
    out += '\n';
    for (const std::string &l : lines)
        out += l + '\n';
    return out;
}

} // namespace unalloc::testing
