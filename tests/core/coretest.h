#pragma once
// Helpers shared by the core tests: readable QCOMPARE output for core types and terse
// constructors for hand-written expectations.

#include "core/decimal.h"
#include "core/labels.h"
#include "core/money.h"

#include <QByteArray>
#include <QStringList>
#include <QtTest>

#include <string>
#include <vector>

namespace unalloc::core {

/// Found by QTest through ADL: QCOMPARE on Decimal prints the canonical text.
inline char *toString(const Decimal &d)
{
    return qstrdup(d.toString().c_str());
}

} // namespace unalloc::core

namespace unalloc::test {

/// Parses a decimal literal that the test knows to be valid.
inline core::Decimal dec(const char *text)
{
    auto d = core::Decimal::parse(text);
    if (!d)
        qFatal("test literal '%s' does not parse", text);
    return *d;
}

inline core::Money usd(const char *text)
{
    return core::Money{dec(text), core::Currency::usd()};
}

inline QByteArray bytes(const std::string &s)
{
    return QByteArray::fromStdString(s);
}

/// "key=value;key=value" (values keep their spaces) → a label map.
inline core::LabelMap labelsOf(const QString &text)
{
    std::vector<core::LabelMap::Entry> entries;
    for (const QString &pair : text.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const qsizetype eq = pair.indexOf(QLatin1Char('='));
        entries.emplace_back(pair.left(eq).toStdString(), pair.mid(eq + 1).toStdString());
    }
    return core::LabelMap(std::move(entries));
}

/// "k=v" entries of a label map, in its (sorted) order.
inline QStringList entries(const core::LabelMap &m)
{
    QStringList out;
    for (const auto &[k, v] : m.entries())
        out << QString::fromStdString(k + "=" + v);
    return out;
}

/// A list of UTF-8 literals as a QStringList: expected lines of a QCOMPARE.
inline QStringList textLines(std::initializer_list<const char *> l)
{
    QStringList out;
    for (const char *s : l)
        out << QString::fromUtf8(s);
    return out;
}

} // namespace unalloc::test
