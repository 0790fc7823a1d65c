// Test tables of column names and arguments read better as plain literals.
#undef QT_NO_CAST_FROM_ASCII
#include "focusrules.h"

#include "core/money.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

namespace focusrules {

namespace {

const QStringList kFocus12 = {"AvailabilityZone",
                              "BilledCost",
                              "BillingAccountId",
                              "BillingAccountName",
                              "BillingAccountType",
                              "BillingCurrency",
                              "BillingPeriodEnd",
                              "BillingPeriodStart",
                              "CapacityReservationId",
                              "CapacityReservationStatus",
                              "ChargeCategory",
                              "ChargeClass",
                              "ChargeDescription",
                              "ChargeFrequency",
                              "ChargePeriodEnd",
                              "ChargePeriodStart",
                              "CommitmentDiscountCategory",
                              "CommitmentDiscountId",
                              "CommitmentDiscountName",
                              "CommitmentDiscountQuantity",
                              "CommitmentDiscountStatus",
                              "CommitmentDiscountType",
                              "CommitmentDiscountUnit",
                              "ConsumedQuantity",
                              "ConsumedUnit",
                              "ContractedCost",
                              "ContractedUnitPrice",
                              "EffectiveCost",
                              "InvoiceId",
                              "InvoiceIssuerName",
                              "ListCost",
                              "ListUnitPrice",
                              "PricingCategory",
                              "PricingCurrency",
                              "PricingCurrencyContractedUnitPrice",
                              "PricingCurrencyEffectiveCost",
                              "PricingCurrencyListUnitPrice",
                              "PricingQuantity",
                              "PricingUnit",
                              "ProviderName",
                              "PublisherName",
                              "RegionId",
                              "RegionName",
                              "ResourceId",
                              "ResourceName",
                              "ResourceType",
                              "ServiceCategory",
                              "ServiceName",
                              "ServiceSubcategory",
                              "SkuId",
                              "SkuMeter",
                              "SkuPriceDetails",
                              "SkuPriceId",
                              "SubAccountId",
                              "SubAccountName",
                              "SubAccountType",
                              "Tags"};

const QStringList kNotNull = {
    "BilledCost",         "BillingAccountId", "BillingCurrency", "BillingPeriodEnd",
    "BillingPeriodStart", "ChargeCategory",   "ChargeFrequency", "ChargePeriodEnd",
    "ChargePeriodStart",  "ContractedCost",   "EffectiveCost",   "InvoiceIssuerName",
    "ListCost",           "ProviderName",     "PublisherName",   "ServiceCategory",
    "ServiceName",        "x_OwnerKey",       "x_ResolvedBy"};
const QStringList kDecimals = {"BilledCost",
                               "ContractedCost",
                               "EffectiveCost",
                               "ListCost",
                               "ConsumedQuantity",
                               "PricingQuantity",
                               "ContractedUnitPrice",
                               "ListUnitPrice",
                               "CommitmentDiscountQuantity",
                               "PricingCurrencyContractedUnitPrice",
                               "PricingCurrencyEffectiveCost",
                               "PricingCurrencyListUnitPrice"};
const QStringList kServiceCategories = {"AI and Machine Learning",
                                        "Analytics",
                                        "Business Applications",
                                        "Compute",
                                        "Databases",
                                        "Developer Tools",
                                        "Multicloud",
                                        "Identity",
                                        "Integration",
                                        "Internet of Things",
                                        "Management and Governance",
                                        "Media",
                                        "Migration",
                                        "Mobile",
                                        "Networking",
                                        "Security",
                                        "Storage",
                                        "Web",
                                        "Other"};

QDateTime parseTime(const QString &v)
{
    static const QRegularExpression re(
        QStringLiteral("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$"));
    if (!re.match(v).hasMatch())
        return {};
    return QDateTime::fromString(v, Qt::ISODate);
}

} // namespace

QList<QStringList> parseCsv(const QByteArray &csv, QString *error)
{
    QList<QStringList> records;
    QStringList record;
    QByteArray field;
    bool quoted = false, inQuotes = false;
    for (qsizetype i = 0; i < csv.size(); ++i) {
        const char c = csv[i];
        if (inQuotes) {
            if (c == '"' && i + 1 < csv.size() && csv[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                inQuotes = false;
            } else {
                field += c;
            }
        } else if (c == '"' && field.isEmpty() && !quoted) {
            inQuotes = quoted = true;
        } else if (c == ',' || c == '\n') {
            record << QString::fromUtf8(field);
            field.clear();
            quoted = false;
            if (c == '\n') {
                records << record;
                record.clear();
            }
        } else {
            field += c;
        }
    }
    if (error)
        *error = inQuotes                                  ? QStringLiteral("unterminated quote")
                 : (!field.isEmpty() || !record.isEmpty()) ? QStringLiteral("no final line end")
                                                           : QString();
    return records;
}

QStringList violations(const QByteArray &csv)
{
    QStringList out;
    if (csv.startsWith("\xEF\xBB\xBF"))
        out << QStringLiteral("line 1: the file starts with a byte order mark");
    if (csv.contains('\r'))
        out << QStringLiteral("line 1: carriage returns: line ends must be \\n");
    QString error;
    const QList<QStringList> records = parseCsv(csv, &error);
    if (!error.isEmpty())
        out << QStringLiteral("end of file: ") + error;
    if (records.isEmpty())
        return out << QStringLiteral("line 1: no header");
    const QStringList header = records.first();
    if (header.mid(0, kFocus12.size()) != kFocus12)
        out << QStringLiteral("line 1: the header is not the 57 FOCUS 1.2 columns in order");
    for (qsizetype i = kFocus12.size(); i < header.size(); ++i)
        if (!header[i].startsWith(QStringLiteral("x_")))
            out << QStringLiteral("line 1: %1: a custom column without the x_ prefix")
                       .arg(header[i]);
    for (const char *x : {"x_Owner", "x_OwnerKey", "x_ResolvedBy", "x_FallbackKey"})
        if (!header.contains(QLatin1String(x)))
            out << QStringLiteral("line 1: no %1 column").arg(QLatin1String(x));
    if (!out.isEmpty())
        return out;
    static const QRegularExpression decimal(QStringLiteral("^-?[0-9]+(\\.[0-9]+)?$"));
    for (qsizetype r = 1; r < records.size(); ++r) {
        const QStringList &rec = records[r];
        const QString line = QStringLiteral("line %1: ").arg(r + 1);
        if (rec.size() != header.size()) {
            out << line + QStringLiteral("%1 fields, the header has %2")
                              .arg(rec.size())
                              .arg(header.size());
            continue;
        }
        const auto get = [&](const QString &c) {
            return rec[header.indexOf(c)];
        };
        for (qsizetype i = 0; i < rec.size(); ++i)
            if (rec[i] == QStringLiteral("NULL"))
                out << line + header[i] + QStringLiteral(": NULL must be an empty field");
        for (const QString &c : kNotNull)
            if (get(c).isEmpty())
                out << line + c + QStringLiteral(": must not be null");
        for (const QString &c : kDecimals)
            if (!get(c).isEmpty() && !decimal.match(get(c)).hasMatch())
                out << line + c + QStringLiteral(": '%1' is not a decimal").arg(get(c));
        const QString currency = get(QStringLiteral("BillingCurrency"));
        if (currency.size() != 3 || currency.toUpper() != currency ||
            !unalloc::core::Currency::parse(currency.toStdString()))
            out << line + QStringLiteral("BillingCurrency: '%1' is not ISO 4217").arg(currency);
        const QString pricingCurrency = get(QStringLiteral("PricingCurrency"));
        if (!pricingCurrency.isEmpty() &&
            !unalloc::core::Currency::parse(pricingCurrency.toStdString()))
            out << line + QStringLiteral("PricingCurrency: not ISO 4217");
        QDateTime t[4];
        const char *timeColumns[4] = {"ChargePeriodStart", "ChargePeriodEnd", "BillingPeriodStart",
                                      "BillingPeriodEnd"};
        for (int i = 0; i < 4; ++i) {
            t[i] = parseTime(get(QLatin1String(timeColumns[i])));
            if (!t[i].isValid())
                out << line + QLatin1String(timeColumns[i]) +
                           QStringLiteral(": '%1' is not YYYY-MM-DDTHH:MM:SSZ")
                               .arg(get(QLatin1String(timeColumns[i])));
        }
        if (t[0].isValid() && t[1].isValid() && !(t[0] < t[1]))
            out << line + QStringLiteral("ChargePeriodEnd: not after ChargePeriodStart");
        if (t[2].isValid() && t[3].isValid()) {
            if (!(t[2] < t[3]))
                out << line + QStringLiteral("BillingPeriodEnd: not after BillingPeriodStart");
            if (t[0].isValid() && (t[0] < t[2] || !(t[0] < t[3])))
                out << line + QStringLiteral("ChargePeriodStart: outside the billing period");
        }
        static const QStringList categories = {"Usage", "Purchase", "Tax", "Credit", "Adjustment"};
        if (!categories.contains(get(QStringLiteral("ChargeCategory"))))
            out << line + QStringLiteral("ChargeCategory: not an allowed value");
        const QString chargeClass = get(QStringLiteral("ChargeClass"));
        if (!chargeClass.isEmpty() && chargeClass != QStringLiteral("Correction"))
            out << line + QStringLiteral("ChargeClass: not an allowed value");
        static const QStringList frequencies = {"One-Time", "Recurring", "Usage-Based"};
        if (!frequencies.contains(get(QStringLiteral("ChargeFrequency"))))
            out << line + QStringLiteral("ChargeFrequency: not an allowed value");
        static const QStringList pricing = {"Standard", "Dynamic", "Committed", "Other"};
        const QString pc = get(QStringLiteral("PricingCategory"));
        if (!pc.isEmpty() && !pricing.contains(pc))
            out << line + QStringLiteral("PricingCategory: not an allowed value");
        if (!kServiceCategories.contains(get(QStringLiteral("ServiceCategory"))))
            out << line + QStringLiteral("ServiceCategory: not an allowed value");
        if (!get(QStringLiteral("BillingAccountId")).isEmpty() &&
            get(QStringLiteral("BillingAccountType")).isEmpty())
            out << line + QStringLiteral("BillingAccountType: null while BillingAccountId is set");
        if (get(QStringLiteral("ConsumedQuantity")).isEmpty() !=
            get(QStringLiteral("ConsumedUnit")).isEmpty())
            out << line + QStringLiteral("ConsumedUnit: set exactly when ConsumedQuantity is");
        const QString tags = get(QStringLiteral("Tags"));
        if (!tags.isEmpty()) {
            QJsonParseError pe;
            const QJsonDocument doc = QJsonDocument::fromJson(tags.toUtf8(), &pe);
            if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
                out << line + QStringLiteral("Tags: not a JSON object");
            } else {
                for (const QJsonValue &v : doc.object())
                    if (v.isObject() || v.isArray())
                        out << line + QStringLiteral("Tags: a value is not a scalar");
            }
        }
        const QString by = get(QStringLiteral("x_ResolvedBy"));
        if (by != QStringLiteral("label") && by != QStringLiteral("fallback") &&
            by != QStringLiteral("none"))
            out << line + QStringLiteral("x_ResolvedBy: '%1' is not label/fallback/none").arg(by);
        if (get(QStringLiteral("x_Owner")).isEmpty() != (by == QStringLiteral("none")))
            out << line + QStringLiteral("x_Owner: empty exactly when x_ResolvedBy is none");
        if (get(QStringLiteral("x_FallbackKey")).isEmpty() == (by == QStringLiteral("fallback")))
            out << line + QStringLiteral("x_FallbackKey: set exactly when resolved by fallback");
    }
    return out;
}

} // namespace focusrules
