"""tf.test.gpu_device_name() logs nothing on TF 2.21 (it lists the devices itself); tapeflow's went
through the deprecated is_gpu_available, so an environment-check program printed TF's 'is_gpu_available
... is deprecated' notice that TF prints only for is_gpu_available's own first call
(progs/blogs34/p38.py: TF's stderr empty, gpu_device_name() == '' on this CPU machine)."""

import framework as tf


def test_gpu_device_name_logs_no_notice(deprecation_notices):
    has_gpu = bool(tf.config.list_physical_devices('GPU'))
    assert tf.test.gpu_device_name() == ('/device:GPU:0' if has_gpu else '')
    assert [r.getMessage() for r in deprecation_notices.records if r.name == 'tensorflow'] == []


def test_is_gpu_available_still_notices_after_gpu_device_name(deprecation_notices):
    tf.test.gpu_device_name()
    assert tf.test.is_gpu_available() is bool(tf.config.list_physical_devices('GPU'))
    messages = [r.getMessage() for r in deprecation_notices.records if r.name == 'tensorflow']
    assert len(messages) == 1
    assert 'is_gpu_available (from tensorflow.python.framework.test_util) is deprecated' in messages[0]
