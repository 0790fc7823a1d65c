#pragma once

#include "analysisview.h"

namespace unalloc::ui {

class FigureCard;
class HBarChart;
class ShareBarChart;
class ChartPanel;
class OwnerBucketModel;

/// @brief Who owns the spend: U, total, F and owners; spend by owner stacked by source with
/// `<unallocated>` last and hatched; how rows resolved; the owner table.
class OverviewView final : public AnalysisView
{
    Q_OBJECT
public:
    explicit OverviewView(const ViewContext &context, QWidget *parent = nullptr);
    void showSnapshot(const SnapshotPtr &snapshot) override;

private:
    void showFigures(const core::AnalysisSnapshot &s);
    void showSpendChart(const core::AnalysisSnapshot &s);
    void showResolution(const core::AnalysisSnapshot &s);
    void applyTheme();

    FigureCard *m_unallocated;
    FigureCard *m_total;
    FigureCard *m_fallback;
    FigureCard *m_owners;
    HBarChart *m_spend;
    ChartPanel *m_spendPanel;
    ShareBarChart *m_resolution;
    OwnerBucketModel *m_ownerModel;
    class QLabel *m_error;
};

} // namespace unalloc::ui
