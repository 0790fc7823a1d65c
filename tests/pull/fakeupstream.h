#pragma once

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPair>
#include <QPointer>
#include <QString>
#include <QUrlQuery>

#include <functional>
#include <memory>
#include <vector>

class QTcpServer;
class QTcpSocket;

namespace unalloc::tests {

/// A request as the server saw it; header names lower-cased.
struct SeenRequest
{
    QByteArray method;
    QString path;
    QUrlQuery query;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray header(const QByteArray &name) const;
    bool hasHeader(const QByteArray &name) const;
};

/// What the server does with a request.
struct Reply
{
    enum class Kind {
        Normal,
        Hang,      ///< never answer (the client's timeout must fire)
        Truncated, ///< declare twice the Content-Length, send the body, close
        Reset,     ///< abort the connection without a response
    };
    Kind kind = Kind::Normal;
    int status = 200;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    static Reply json(QByteArray body, int status = 200)
    {
        return {Kind::Normal, status, {}, std::move(body)};
    }
};

/// @brief A minimal HTTP/1.1 server on 127.0.0.1 (port 0) for live-pull tests: every request
/// is recorded, then answered by scripted faults (first match first) or the handler.
/// Connections close after each response. Lives on the test's thread: the client's local
/// event loop serves it.
class FakeUpstream final : public QObject
{
    Q_OBJECT
public:
    using Handler = std::function<Reply(const SeenRequest &)>;
    using Match = std::function<bool(const SeenRequest &)>;

    explicit FakeUpstream(Handler handler, QObject *parent = nullptr);
    ~FakeUpstream() override;
    bool listen();
    /// "http://127.0.0.1:<port>" + prefix.
    QString url(const QString &prefix = {}) const;
    const std::vector<SeenRequest> &requests() const { return m_requests; }
    void clearRequests() { m_requests.clear(); }
    /// The next `replies.size()` requests matching `match` get these replies, in order.
    void script(Match match, std::vector<Reply> replies);
    /// Every request matching `match` gets `reply` (a persistent fault).
    void always(Match match, Reply reply);

private:
    void onConnection();
    void onReadyRead(QTcpSocket *socket);
    Reply answer(const SeenRequest &r);

    struct Fault
    {
        Match match;
        std::vector<Reply> replies;
        bool persistent = false;
    };
    Handler m_handler;
    std::unique_ptr<QTcpServer> m_server;
    std::vector<SeenRequest> m_requests;
    std::vector<Fault> m_faults;
    std::vector<QPointer<QTcpSocket>> m_hanging;
};

} // namespace unalloc::tests
