"""Stopping the live hub never fails, even when its thread was made but not yet started (a
page opening at the moment a test or a shutdown stops the hub: joining an unstarted thread
raises)."""

import threading

from league.live.hub import Hub


def test_stopping_a_hub_whose_thread_has_not_started_yet_does_not_fail():
    hub = Hub()
    hub._thread = threading.Thread(target=lambda: None, name="live-hub", daemon=True)
    hub.stop(timeout=0.1)  # raised "cannot join thread before it is started"
    assert hub._thread is None
