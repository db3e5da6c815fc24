"""Invite codes carry an offer or answer compactly and survive a round trip."""
import pytest

from clubtable.net.sdp import CodeError, compact, expand

OFFER = """v=0
o=- 6778822895045803091 2 IN IP4 127.0.0.1
s=-
t=0 0
a=group:BUNDLE 0
a=extmap-allow-mixed
a=msid-semantic: WMS
m=application 9 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 0.0.0.0
a=candidate:3782230635 1 udp 2113937151 dfd37ab2-410b-47df-8ac4-5f632effcf61.local 36055 typ host generation 0 network-cost 999
a=candidate:706118539 1 udp 2113942271 7b4f7a55-4ef2-4e3b-89f1-a20bd661976e.local 50942 typ host generation 0 network-cost 999
a=candidate:9 1 udp 1677729535 203.0.113.7 61000 typ srflx raddr 0.0.0.0 rport 0 generation 0
a=candidate:10 1 tcp 1518280447 192.168.1.2 9 typ host tcptype active generation 0
a=ice-ufrag:VcDB
a=ice-pwd:HYuVe/+kJaRA2nY6BMSPyx+Q
a=ice-options:trickle
a=fingerprint:sha-256 A7:5A:BF:D3:D4:D4:D2:69:24:8A:6A:82:F2:FE:E0:70:5F:4C:D9:3C:6B:7F:D2:B0:8C:13:E2:A4:9B:8A:F6:D0
a=setup:actpass
a=mid:0
a=sctp-port:5000
a=max-message-size:262144
"""


def test_offer_round_trip_keeps_credentials_fingerprint_and_udp_candidates():
    code = compact(OFFER)
    assert len(code) <= 200
    kind, sdp = expand(code)
    assert kind == "offer"
    assert "a=ice-ufrag:VcDB" in sdp and "a=ice-pwd:HYuVe/+kJaRA2nY6BMSPyx+Q" in sdp
    assert "A7:5A:BF:D3:D4:D4:D2:69:24:8A:6A:82:F2:FE:E0:70:5F:4C:D9:3C:6B:7F:D2:B0:8C:13:E2:A4:9B:8A:F6:D0" in sdp
    assert "dfd37ab2-410b-47df-8ac4-5f632effcf61.local 36055 typ host" in sdp
    assert "203.0.113.7 61000 typ srflx" in sdp
    assert " tcp " not in sdp
    assert "a=setup:actpass" in sdp


def test_answer_role_is_kept():
    kind, sdp = expand(compact(OFFER.replace("a=setup:actpass", "a=setup:active")))
    assert kind == "answer" and "a=setup:active" in sdp


def test_code_is_url_safe():
    code = compact(OFFER)
    assert all(c.isalnum() or c in "-_.~" for c in code)


@pytest.mark.parametrize("bad", ["", "hello", "c1.x.a.b.c", "c1.o.VcDB.short.AAAA", "c1.o.VcDB." + "A" * 30 + ".!!",
                                 "c1.o.<script>.pwdpwdpwdpwdpwdpwdpwd.AAAA", "c1." * 1000])
def test_garbage_codes_are_refused_with_a_code_error(bad):
    with pytest.raises(CodeError):
        expand(bad)


def test_hostile_candidate_name_is_refused():
    code = compact(OFFER) + ".hn%0Aa%3Dinjected~1"
    with pytest.raises(CodeError):
        expand(code)
