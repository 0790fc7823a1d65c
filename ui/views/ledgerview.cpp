#include "ledgerview.h"

#include "ui/format.h"
#include "ui/ledgerdocument.h"
#include "ui/models/ledgertablemodel.h"
#include "ui/widgets/tablepanel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace unalloc::ui {

LedgerView::LedgerView(const ViewContext &context, QWidget *parent)
    : AnalysisView(context, parent), m_model(new LedgerTableModel(locale(), this)),
      m_filter(new QLineEdit), m_count(new QLabel), m_table(new QTableView),
      m_debounce(new QTimer(this))
{
    m_filter->setObjectName(QStringLiteral("ledgerFilter"));
    m_filter->setPlaceholderText(tr("Filter by cost object, source or any label value…"));
    m_filter->setClearButtonEnabled(true);
    m_count->setObjectName(QStringLiteral("ledgerCount"));
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(250);
    connect(m_filter, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_debounce, &QTimer::timeout, this, [this] {
        m_model->setTextFilter(m_filter->text());
        updateCount();
    });
    m_table->setObjectName(QStringLiteral("ledgerTableView"));
    m_table->setModel(m_model);
    setUpTableView(m_table);
    m_table->horizontalHeader()->setSortIndicator(LedgerTableModel::Amount, Qt::DescendingOrder);
    const QFontMetrics fm = m_table->fontMetrics();
    const int widths[] = {22, 11, 30, 14, 9, 18, 16, 50, 7};
    for (int c = 0; c < LedgerTableModel::ColumnCount; ++c)
        m_table->setColumnWidth(c, fm.averageCharWidth() * widths[c]);
    auto *panel = new TablePanel(tr("Ledger rows"), m_table, m_model, exportHost());
    panel->setObjectName(QStringLiteral("ledgerTable"));
    panel->setSubtitle(tr("Sorted and filtered in the ledger file; sort by start, source, cost "
                          "object, amount or batch."));
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_count);
    auto *content = new QWidget;
    auto *layout = new QVBoxLayout(content);
    layout->addLayout(bar);
    layout->addWidget(panel, 1);
    setContent(content);
    documentLoaded();
}

void LedgerView::documentLoaded()
{
    m_model->setStore(m_context.document->store());
    updateCount();
}

void LedgerView::showSnapshot(const SnapshotPtr &snapshot)
{
    m_snapshot = snapshot;
    m_model->setRequest(snapshot->request);
    updateCount();
}

void LedgerView::updateCount()
{
    m_count->setText(tr("%n row(s)", nullptr, m_model->rowCount()));
}

} // namespace unalloc::ui
