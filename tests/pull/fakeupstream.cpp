#include "fakeupstream.h"

#include <QHostAddress>
#include <QTcpServer>
#include <QTcpSocket>

namespace unalloc::tests {

QByteArray SeenRequest::header(const QByteArray &name) const
{
    for (const auto &h : headers)
        if (h.first == name)
            return h.second;
    return {};
}

bool SeenRequest::hasHeader(const QByteArray &name) const
{
    for (const auto &h : headers)
        if (h.first == name)
            return true;
    return false;
}

FakeUpstream::FakeUpstream(Handler handler, QObject *parent)
    : QObject(parent)
    , m_handler(std::move(handler))
    , m_server(std::make_unique<QTcpServer>())
{
    connect(m_server.get(), &QTcpServer::newConnection, this, &FakeUpstream::onConnection);
}

FakeUpstream::~FakeUpstream()
{
    for (const QPointer<QTcpSocket> &s : m_hanging)
        if (s)
            s->abort();
}

bool FakeUpstream::listen()
{
    return m_server->listen(QHostAddress::LocalHost, 0);
}

QString FakeUpstream::url(const QString &prefix) const
{
    return QStringLiteral("http://127.0.0.1:%1").arg(m_server->serverPort()) + prefix;
}

void FakeUpstream::script(Match match, std::vector<Reply> replies)
{
    m_faults.push_back({std::move(match), std::move(replies), false});
}

void FakeUpstream::always(Match match, Reply reply)
{
    m_faults.push_back({std::move(match), {std::move(reply)}, true});
}

void FakeUpstream::onConnection()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        socket->setParent(this);
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    }
}

Reply FakeUpstream::answer(const SeenRequest &r)
{
    for (auto it = m_faults.begin(); it != m_faults.end(); ++it) {
        if (!it->match(r))
            continue;
        Reply reply = it->replies.front();
        if (!it->persistent) {
            it->replies.erase(it->replies.begin());
            if (it->replies.empty())
                m_faults.erase(it);
        }
        return reply;
    }
    return m_handler(r);
}

void FakeUpstream::onReadyRead(QTcpSocket *socket)
{
    QByteArray buffer = socket->property("buffer").toByteArray() + socket->readAll();
    const qsizetype end = buffer.indexOf("\r\n\r\n");
    if (end < 0) {
        socket->setProperty("buffer", buffer);
        return;
    }
    socket->setProperty("buffer", QByteArray());
    const QList<QByteArray> lines = buffer.left(end).split('\n');
    const QList<QByteArray> start = lines.value(0).trimmed().split(' ');
    SeenRequest r;
    r.method = start.value(0);
    const QByteArray target = start.value(1);
    const qsizetype q = target.indexOf('?');
    r.path = QString::fromUtf8(q < 0 ? target : target.left(q));
    if (q >= 0)
        r.query = QUrlQuery(QString::fromUtf8(target.mid(q + 1)));
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            r.headers.append({line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed()});
    }
    m_requests.push_back(r);
    const Reply reply = answer(r);
    switch (reply.kind) {
    case Reply::Kind::Hang:
        m_hanging.push_back(socket);
        return;
    case Reply::Kind::Reset:
        socket->abort();
        return;
    case Reply::Kind::Normal:
    case Reply::Kind::Truncated:
        break;
    }
    const qsizetype declared =
        reply.kind == Reply::Kind::Truncated ? reply.body.size() * 2 : reply.body.size();
    QByteArray out = "HTTP/1.1 " + QByteArray::number(reply.status) + " Status\r\n" +
                     "Content-Type: application/json\r\nConnection: close\r\nContent-Length: " +
                     QByteArray::number(declared) + "\r\n";
    for (const auto &[name, value] : reply.headers)
        out += name + ": " + value + "\r\n";
    out += "\r\n" + reply.body;
    socket->write(out);
    socket->disconnectFromHost();
}

} // namespace unalloc::tests
