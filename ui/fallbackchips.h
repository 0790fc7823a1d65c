#pragma once

#include "core/analysis/analysisrequest.h"
#include "core/analysis/ledgercatalog.h"

#include <QWidget>

class QFrame;
class QLineEdit;
class QListView;
class QSortFilterProxyModel;
class QStringListModel;
class QToolButton;

namespace unalloc::ui {

class FlowLayout;

/// @brief Toggle chips for fallback keys: the click order is the fallback order, shown as a
/// number on each pressed chip. Every key of the ledger can be chosen (core::
/// fallbackCandidates): the most common ones as chips, the rest in a searchable "more…" list.
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
    /// The "more…" button (null when every key has a chip) and the keys its list offers.
    QToolButton *moreButton() const { return m_more; }
    QStringList moreKeys() const;

signals:
    void toggled(const QString &key);

private:
    void openMore();
    void chooseFromMore(const QModelIndex &index);

    FlowLayout *m_flow;
    QList<QToolButton *> m_chips;
    QToolButton *m_more = nullptr;
    QFrame *m_popup;
    QLineEdit *m_filter;
    QListView *m_list;
    QStringListModel *m_moreModel;
    QSortFilterProxyModel *m_moreProxy;
};

} // namespace unalloc::ui
