// Chart marks read right: a hatched `<unallocated>` segment keeps its source's colour under
// the hatch, and its hatch and outline are the legend swatch's exactly (rendered, pixels
// sampled, in both themes); the fix-plan curve's point labels overlap neither each other nor
// the target line and its label.
#include "ui/charts/chartpaint.h"
#include "ui/charts/curvechart.h"
#include "ui/charts/hbarchart.h"

#include <QImage>
#include <QPainter>
#include <QSet>
#include <QTest>

using namespace unalloc::ui;

namespace {

/// The colours of the pixels inside `r` (one pixel in from its edge: the outline is apart).
QMap<QRgb, int> colours(const QImage &image, const QRectF &r, int inset)
{
    QMap<QRgb, int> out;
    const QRect inner = r.toAlignedRect().adjusted(inset, inset, -inset, -inset);
    for (int y = inner.top(); y <= inner.bottom(); ++y)
        for (int x = inner.left(); x <= inner.right(); ++x)
            ++out[image.pixel(x, y) | 0xff000000u];
    return out;
}

QColor edgeColour(const QImage &image, const QRectF &r)
{
    const QRect a = r.toAlignedRect();
    return QColor(image.pixel(a.left() + a.width() / 2, a.top()));
}

} // namespace

class TstChartMarks final : public QObject
{
    Q_OBJECT

private slots:
    void hatchKeepsSourceColourAndMatchesLegend_data();
    void hatchKeepsSourceColourAndMatchesLegend();
    void pointLabelsAvoidTargetAndEachOther_data();
    void pointLabelsAvoidTargetAndEachOther();
};

void TstChartMarks::hatchKeepsSourceColourAndMatchesLegend_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

void TstChartMarks::hatchKeepsSourceColourAndMatchesLegend()
{
    QFETCH(bool, dark);
    const Theme theme = dark ? Theme::dark_() : Theme::light();
    const QColor opencost = theme.sourceColour(QStringLiteral("opencost"));
    const QColor openai = theme.sourceColour(QStringLiteral("openai"));
    HBarChart chart;
    chart.setTheme(theme);
    std::vector<HBarChart::Row> rows(2);
    rows[0] = {
        QStringLiteral("search"), QStringLiteral("$500"), {{500, openai, QStringLiteral("s")}}};
    rows[1] = {
        QStringLiteral("<unallocated>"),
        QStringLiteral("$900"),
        {{600, opencost, QStringLiteral("u-opencost")}, {300, openai, QStringLiteral("u-openai")}},
        true};
    chart.setRows(std::move(rows),
                  {{QStringLiteral("opencost"), opencost, false},
                   {QStringLiteral("openai"), openai, false},
                   {QStringLiteral("no owner (hatched)"), theme.unallocated, true}},
                  900);
    QImage image(900, 240, QImage::Format_ARGB32);
    image.fill(Qt::black);
    {
        QPainter p(&image);
        chart.paintChart(p, image.rect());
    }
    const QRectF swatch = chart.legendSwatch(2);
    QVERIFY(!swatch.isEmpty());
    const auto legend = colours(image, swatch, 2);
    const QRgb hatch = theme.unallocated.rgb();
    QVERIFY2(legend.contains(hatch), "the legend swatch carries the unallocated hatch");
    for (const auto &[source, tip] : {std::pair{opencost, QStringLiteral("u-opencost")},
                                      std::pair{openai, QStringLiteral("u-openai")}}) {
        const QRectF seg = chart.segmentRect(tip);
        QVERIFY2(!seg.isEmpty(), qPrintable(tip));
        const auto inside = colours(image, seg, 2);
        int total = 0;
        for (int n : inside)
            total += n;
        // The source colour itself, unmixed, is most of the segment: it stays recognisable.
        QVERIFY2(inside.value(source.rgb()) * 2 > total,
                 qPrintable(QStringLiteral("%1: %2 of %3 pixels in the source colour")
                                .arg(tip)
                                .arg(inside.value(source.rgb()))
                                .arg(total)));
        // The hatch is the legend's: the same colour, and nothing else is painted over it.
        QVERIFY2(inside.contains(hatch), qPrintable(tip));
        QCOMPARE(inside.size(), 2);
        // The outline too.
        QCOMPARE(edgeColour(image, seg).name(), edgeColour(image, swatch).name());
    }
    // The stripes of the swatch are the segment's: the same share of hatch pixels (±25 %).
    const auto seg = colours(image, chart.segmentRect(QStringLiteral("u-opencost")), 2);
    int segTotal = 0, legendTotal = 0;
    for (int n : seg)
        segTotal += n;
    for (int n : legend)
        legendTotal += n;
    const double segShare = double(seg.value(hatch)) / segTotal;
    const double legendShare = double(legend.value(hatch)) / legendTotal;
    QVERIFY2(std::abs(segShare - legendShare) < 0.25 * segShare,
             qPrintable(QStringLiteral("%1 vs %2").arg(segShare).arg(legendShare)));
}

void TstChartMarks::pointLabelsAvoidTargetAndEachOther_data()
{
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<double>("target");
    QTest::addColumn<QSize>("size");
    QTest::newRow("paper curve, target 5 %")
        << QList<double>{66.9, 30.2, 12.5, 1.9} << 5.0 << QSize(560, 300);
    QTest::newRow("flat near the target")
        << QList<double>{5.2, 5.1, 5.0, 4.9, 4.8, 4.8, 4.7} << 5.0 << QSize(420, 240);
    QTest::newRow("many steps, narrow")
        << QList<double>{80, 70, 61, 55, 40, 33, 20, 12, 10, 9, 8, 7.5} << 10.0 << QSize(330, 220);
}

void TstChartMarks::pointLabelsAvoidTargetAndEachOther()
{
    QFETCH(QList<double>, values);
    QFETCH(double, target);
    QFETCH(QSize, size);
    CurveChart chart;
    chart.setTheme(Theme::light());
    std::vector<CurveChart::Point> points;
    for (double v : values)
        points.push_back({v, QString::number(v, 'f', 1) + QStringLiteral(" %"), QString()});
    chart.setPoints(std::move(points), QStringLiteral("fixes"), QStringLiteral("U"));
    chart.setTarget(target, QStringLiteral("target %1 %").arg(target));
    QImage image(size, QImage::Format_ARGB32);
    QPainter p(&image);
    chart.paintChart(p, image.rect());
    const std::vector<QRectF> &labels = chart.labelRects();
    QCOMPARE(int(labels.size()), int(values.size()));
    QCOMPARE(int(chart.targetRects().size()), 2);
    int shown = 0;
    for (size_t i = 0; i < labels.size(); ++i) {
        if (labels[i].isEmpty())
            continue;
        ++shown;
        QVERIFY(QRectF(image.rect()).contains(labels[i]));
        for (const QRectF &t : chart.targetRects())
            QVERIFY2(!labels[i].intersects(t), qPrintable(QStringLiteral("label %1").arg(i)));
        for (size_t j = i + 1; j < labels.size(); ++j)
            QVERIFY2(labels[j].isEmpty() || !labels[i].intersects(labels[j]),
                     qPrintable(QStringLiteral("labels %1 and %2").arg(i).arg(j)));
    }
    QVERIFY(shown >= 2); // a crowded curve drops labels, never overlaps them
}

QTEST_MAIN(TstChartMarks)
#include "tst_chartmarks.moc"
