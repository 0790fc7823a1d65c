#pragma once

// What the pack's page sections share (packlayout.cpp, packpods.cpp); not included elsewhere.

#include "packlayout.h"
#include "pdfdoc.h"

#include "app/cli/textformat.h"

#include <QColor>
#include <QString>

#include <string>

namespace unalloc::pack::packdetail {

inline const QColor kRed(0xc0, 0x39, 0x2b);
inline const QColor kBlue(0x2e, 0x86, 0xc1);
inline const QColor kGrey(0x7f, 0x8c, 0x8d);

inline QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

inline std::string usd(const core::Decimal &d, const core::Currency &c)
{
    return cli::money(d, c);
}

/// The section on shared inference pods (split and not) and feature economics.
void podsAndEconomics(PdfDoc &doc, const PackContent &c);

} // namespace unalloc::pack::packdetail
