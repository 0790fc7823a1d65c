#include "fallbackchips.h"

#include "format.h"
#include "widgets/flowlayout.h"

#include <QLabel>
#include <QToolButton>

namespace unalloc::ui {

FallbackChips::FallbackChips(QWidget *parent)
    : QWidget(parent)
    , m_flow(new FlowLayout(this, 4))
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void FallbackChips::show(const core::LedgerCatalog &catalog,
                         const core::AnalysisRequest &request,
                         const QLocale &locale)
{
    setFocusProxy(nullptr);
    qDeleteAll(m_chips);
    m_chips.clear();
    std::vector<core::KeyCount> offered;
    for (const std::string &f : request.fallbacks)
        offered.push_back({f, catalog.rowsWithKey(f)});
    for (const core::KeyCount &k : catalog.keys) {
        if (static_cast<int>(offered.size()) >= kMaxChips)
            break;
        if (k.key != request.ownerKey && request.fallbackPosition(k.key) == 0)
            offered.push_back(k);
    }
    for (const core::KeyCount &k : offered) {
        const QString key = fmt::q(k.key);
        const int position = request.fallbackPosition(k.key);
        auto *chip = new QToolButton(this);
        chip->setObjectName(QStringLiteral("chip_") + key);
        chip->setCheckable(true);
        chip->setChecked(position > 0);
        chip->setText(position > 0 ? QStringLiteral("%1  %2").arg(position).arg(key) : key);
        chip->setToolTip(
            tr("%1 · %2 of %3 rows. Click to %4; fallbacks are tried in click order.")
                .arg(key, fmt::count(k.rows, locale), fmt::count(catalog.rows, locale),
                     position > 0 ? tr("remove it")
                                  : tr("add it as fallback %1").arg(request.fallbacks.size() + 1)));
        chip->setFocusPolicy(Qt::StrongFocus);
        connect(chip, &QToolButton::clicked, this, [this, key] { emit toggled(key); });
        m_flow->addWidget(chip);
        m_chips.append(chip);
    }
    // The "Fallbacks" caption's mnemonic lands on the first chip.
    setFocusProxy(m_chips.isEmpty() ? nullptr : m_chips.first());
    updateGeometry();
}

QToolButton *FallbackChips::chip(const QString &key) const
{
    for (QToolButton *c : m_chips) {
        if (c->objectName() == QStringLiteral("chip_") + key)
            return c;
    }
    return nullptr;
}

QStringList FallbackChips::keys() const
{
    QStringList out;
    for (QToolButton *c : m_chips)
        out << c->objectName().mid(5);
    return out;
}

} // namespace unalloc::ui
