// MeterView: applying one meter's split to the ledger, after a confirmation that says what
// it changes.
#include "meterview.h"

#include "metersplitcommand.h"

#include "core/meters/metercompare.h"
#include "ui/format.h"
#include "ui/ledgerdocument.h"

#include <QComboBox>
#include <QLabel>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>

namespace unalloc::ui {

void MeterView::confirmApply(core::MeterKind kind)
{
    const core::MeterSplit *split = meters() ? meters()->split(kind) : nullptr;
    if (!split || meters()->pod.split || !m_context.document->store()) {
        applyMeter(kind); // says why it cannot
        return;
    }
    const core::PodCandidate &pod = meters()->pod;
    const std::string &key = meters()->tenantKey;
    QStringList moves;
    for (const core::CostRow &part : core::splitRows(pod.row, *split, key)) {
        const QString amount = fmt::money(part.amount.amount, part.amount.currency, locale());
        const std::string *owner = part.labels.find(key);
        if (owner)
            moves << tr("%1 → %2=%3").arg(amount, fmt::q(key), fmt::q(*owner));
        else if (part.name.ends_with("/__overhead__"))
            moves << tr("%1 → overhead, no tenant (stays unallocated)").arg(amount);
        else
            moves << tr("%1 → requests without a %2 label (stay unallocated)")
                         .arg(amount, fmt::q(key));
    }
    auto *box = new QMessageBox(
        QMessageBox::Question, tr("Apply meter to ledger"),
        tr("Split pod %1 (%2, row #%3) by %4?")
            .arg(fmt::q(pod.row.name),
                 fmt::money(pod.row.amount.amount, pod.row.amount.currency, locale()))
            .arg(pod.rowId)
            .arg(MeterShareModel::meterName(kind)),
        QMessageBox::Yes | QMessageBox::Cancel, this);
    box->setObjectName(QStringLiteral("applyMeterConfirm"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setTextFormat(Qt::PlainText);
    box->setInformativeText(
        tr("The pod row is replaced in every report by %n row(s):", "", int(moves.size())) +
        QLatin1Char('\n') + moves.join(QLatin1Char('\n')) + QStringLiteral("\n\n") +
        tr("The original row is kept for audit; Edit ▸ Undo removes the split."));
    box->button(QMessageBox::Yes)->setText(tr("Apply"));
    box->setDefaultButton(QMessageBox::Cancel);
    const std::int64_t podId = pod.rowId;
    connect(box, &QMessageBox::finished, this, [this, box, kind, podId](int) {
        // The pod shown may have changed while the question was open: apply only to the one
        // the question named.
        if (box->clickedButton() == box->button(QMessageBox::Yes) && meters() &&
            meters()->pod.rowId == podId)
            applyMeter(kind);
    });
    box->open();
}

bool MeterView::applyMeter(core::MeterKind kind)
{
    const core::MeterSplit *split = meters() ? meters()->split(kind) : nullptr;
    if (!split || meters()->pod.split || !m_context.document->store()) {
        m_message->setText(meters() && meters()->pod.split
                               ? tr("This pod is already split by %1; undo that first.")
                                     .arg(fmt::q(meters()->pod.split->meter))
                               : tr("There is no pod with meters to apply."));
        m_message->show();
        return false;
    }
    const core::PodCandidate &pod = meters()->pod;
    // The command outlives this view (language switches rebuild the views): it reports
    // through a guarded label and a shared flag.
    const auto ok = std::make_shared<bool>(true);
    const QPointer<QLabel> message = m_message;
    m_context.analysis->undoStack()->push(new MeterSplitCommand(
        m_context.document, m_context.analysis, pod.rowId, std::string(core::meterId(kind)),
        core::splitRows(pod.row, *split, meters()->tenantKey),
        tr("Apply %1 to %2").arg(MeterShareModel::meterName(kind), fmt::q(pod.row.name)),
        [ok, message](const QString &error) {
            *ok = false;
            if (message) {
                message->setText(MeterView::tr("Cannot write the meter split: %1").arg(error));
                message->show();
            }
        }));
    return *ok;
}

void MeterView::updateApplyControls()
{
    const bool ready = meters() && m_context.document->store() && !meters()->pod.split;
    m_apply->setEnabled(ready);
    m_applyMeter->setEnabled(ready);
}

} // namespace unalloc::ui
