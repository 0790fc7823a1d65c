#pragma once

#include "pullrun.h"

#include <QAbstractTableModel>
#include <QLocale>

#include <optional>

namespace unalloc::ui {

/// @brief One row per source of a running (or finished) pull: pages, rows and money read so
/// far, retries and the time waited for them, then the result with its reason.
class PullProgressModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Source, Pages, Rows, Amount, Retries, Waited, Result, Details, ColumnCount };
    /// The result column's raw value: a PullSourceResult::State, or -1 while not finished.
    static constexpr int StateRole = Qt::UserRole + 1;

    explicit PullProgressModel(const QLocale &locale, QObject *parent = nullptr);

    /// Starts over with these sources, each "waiting".
    void reset(const std::vector<std::string> &sources);
    void apply(const PullEvent &event);
    const PullResult *result() const { return m_result.get(); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

    /// "OpenAI" for "openai".
    static QString sourceTitle(const std::string &source);

private:
    struct Row
    {
        std::string source;
        adapters::pull::PullProgress progress;
        QString phase; ///< before the result: waiting, reading…, read, stopped
        std::optional<PullSourceResult> result;
    };
    int rowOf(const std::string &source) const;
    void changed(int row);
    QString resultText(const Row &row) const;
    QString detailsText(const Row &row) const;

    QLocale m_locale;
    std::vector<Row> m_rows;
    std::shared_ptr<const PullResult> m_result;
};

} // namespace unalloc::ui
