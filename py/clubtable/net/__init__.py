"""Peer links: WebRTC data channels, BroadcastChannel discovery, invite codes.

``sdp`` is pure (tested under CPython); ``links`` touches the browser.
"""
