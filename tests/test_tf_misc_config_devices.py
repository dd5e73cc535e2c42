"""tf.config's visible and logical devices, pinned to TF 2.21 on a CPU-only run
(/work/notes/progs/tf_misc/cfg.py with CUDA_VISIBLE_DEVICES= under /opt/tfref)."""
import pytest

import framework as tf
from framework import device_config


@pytest.fixture
def fresh_devices():
    saved = dict(device_config._settings, logical=dict(device_config._settings['logical']))
    device_config._settings.update(visible=None, logical={}, initialized=False)
    yield tf.config
    device_config._settings.clear()
    device_config._settings.update(saved)


def test_a_cpu_split_into_logical_devices_lists_as_tf(fresh_devices):
    cpu = tf.config.list_physical_devices('CPU')[0]
    assert repr(cpu) == "PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')"
    assert cpu in tf.config.get_visible_devices()
    assert tf.config.get_logical_device_configuration(cpu) is None
    two = [tf.config.LogicalDeviceConfiguration(), tf.config.LogicalDeviceConfiguration()]
    tf.config.set_logical_device_configuration(cpu, two)
    assert repr(tf.config.get_logical_device_configuration(cpu)[0]) == (
        'LogicalDeviceConfiguration(memory_limit=None, experimental_priority=None, experimental_device_ordinal=None)')
    assert [repr(d) for d in tf.config.list_logical_devices('CPU')] == [
        "LogicalDevice(name='/device:CPU:0', device_type='CPU')", "LogicalDevice(name='/device:CPU:1', device_type='CPU')"]
    assert tf.config.LogicalDeviceConfiguration(memory_limit=1024).memory_limit == 1024
    with pytest.raises(RuntimeError, match='Virtual devices cannot be modified after being initialized'):
        tf.config.set_logical_device_configuration(cpu, two[:1])
    tf.config.set_logical_device_configuration(cpu, two)        # no change: allowed, as in TF


def test_visible_devices_keep_the_cpu(fresh_devices):
    tf.config.set_visible_devices([], 'GPU')
    assert tf.config.get_visible_devices('GPU') == [] and len(tf.config.get_visible_devices('CPU')) == 1
    tf.config.list_logical_devices()
    tf.config.set_visible_devices([], 'GPU')                    # the same set again: allowed
    assert tf.config.LogicalDevice('/device:CPU:0', 'CPU').device_type == 'CPU'
