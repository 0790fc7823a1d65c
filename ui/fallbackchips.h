#pragma once

#include "core/analysis/analysisrequest.h"
#include "core/analysis/ledgercatalog.h"

#include <QWidget>

class QToolButton;

namespace unalloc::ui {

class FlowLayout;

/// @brief Toggle chips for fallback keys: the click order is the fallback order, shown as a
/// number on each pressed chip. Offers the most common keys other than the owner key, plus
/// any key already chosen.
class FallbackChips final : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kMaxChips = 14;
    explicit FallbackChips(QWidget *parent = nullptr);

    void show(const core::LedgerCatalog &catalog,
              const core::AnalysisRequest &request,
              const QLocale &locale);
    /// The chip for `key`, or null (tests click it).
    QToolButton *chip(const QString &key) const;
    QStringList keys() const;

signals:
    void toggled(const QString &key);

private:
    FlowLayout *m_flow;
    QList<QToolButton *> m_chips;
};

} // namespace unalloc::ui
