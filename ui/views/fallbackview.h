#pragma once

#include "analysisview.h"

class QAbstractItemModel;
class QLabel;

namespace unalloc::ui {

class CollisionModel;
class FallbackKeyModel;
class FallbackValueModel;
class HBarChart;
class OwnerExposureModel;

/// @brief Fallback exposure: F by fallback key (split into owner-like and non-owner values),
/// F by owner bucket, every fallback value with a verdict, and the label-key collisions.
class FallbackView final : public AnalysisView
{
    Q_OBJECT
public:
    explicit FallbackView(const ViewContext &context, QWidget *parent = nullptr);
    void showSnapshot(const SnapshotPtr &snapshot) override;

private:
    void showChart(const core::AnalysisSnapshot &s);
    QWidget *tablePanel(const QString &title, const QString &name, QAbstractItemModel *model);

    QLabel *m_summary;
    HBarChart *m_chart;
    FallbackKeyModel *m_keys;
    FallbackValueModel *m_values;
    OwnerExposureModel *m_owners;
    CollisionModel *m_collisions;
};

} // namespace unalloc::ui
