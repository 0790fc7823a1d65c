#pragma once

#include <QLabel>
#include <QLocale>

namespace unalloc::ui {

class LedgerDocument;

/// @brief One line per applied meter split ("inference/vllm-llama-3.1-8b, $17,280.00, is split
/// by time share …"), so a view's figures say which pod rows a meter replaced. Hidden when
/// the ledger has no split; refreshed whenever the ledger (re)loads.
class MeterSplitBanner final : public QLabel
{
    Q_OBJECT
public:
    explicit MeterSplitBanner(LedgerDocument *document,
                              const QLocale &locale,
                              QWidget *parent = nullptr);

    void refresh();

private:
    LedgerDocument *m_document;
    QLocale m_locale;
};

} // namespace unalloc::ui
