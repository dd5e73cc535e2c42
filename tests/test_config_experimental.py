"""tf.config.experimental / threading / optimizer: the device set-up lines programs open with.

Expected values and errors are TensorFlow 2.21's on a CPU-only machine."""
import pytest

import framework as tf


def _cpu():
    return tf.config.list_physical_devices('CPU')[0]


def test_the_usual_memory_growth_loop_runs():
    for gpu in tf.config.experimental.list_physical_devices('GPU'):
        tf.config.experimental.set_memory_growth(gpu, True)
        assert tf.config.experimental.get_memory_growth(gpu) is True
    assert tf.config.experimental.list_physical_devices('CPU') == [_cpu()]


def test_cpu_devices_refuse_gpu_settings_as_tensorflow_does():
    with pytest.raises(ValueError, match='Cannot set memory growth on non-GPU and non-Pluggable devices'):
        tf.config.experimental.set_memory_growth(_cpu(), True)
    with pytest.raises(KeyError):
        tf.config.experimental.get_memory_growth(_cpu())
    with pytest.raises(ValueError, match="Allocator stats not available for device 'CPU:0'"):
        tf.config.experimental.get_memory_info('CPU:0')
    with pytest.raises(ValueError, match="Cannot reset memory stats for device 'CPU:0'"):
        tf.config.experimental.reset_memory_stats('CPU:0')
    assert tf.config.experimental.get_device_details(_cpu()) == {}


@pytest.mark.skipif(bool(tf.config.list_physical_devices('GPU')), reason='a GPU is present')
def test_a_missing_gpu_is_named():
    with pytest.raises(ValueError, match="No matching devices found for 'GPU:0'"):
        tf.config.experimental.get_memory_info('GPU:0')


def test_switches_keep_their_defaults_and_values():
    assert tf.config.experimental.tensor_float_32_execution_enabled() is True
    assert tf.config.experimental.get_synchronous_execution() is True
    assert tf.config.experimental.get_device_policy() == 'silent'
    assert tf.config.experimental.enable_op_determinism() is None
    assert tf.config.experimental.VirtualDeviceConfiguration is tf.config.LogicalDeviceConfiguration
    assert tf.config.optimizer.get_jit() == ''
    assert tf.config.optimizer.get_experimental_options() == {'disable_model_pruning': False,
                                                              'disable_meta_optimizer': False}
    before = tf.config.threading.get_intra_op_parallelism_threads()
    assert before == 0 and tf.config.threading.get_inter_op_parallelism_threads() == 0
    tf.config.threading.set_intra_op_parallelism_threads(2)
    try:
        assert tf.config.threading.get_intra_op_parallelism_threads() == 2
    finally:
        tf.config.threading.set_intra_op_parallelism_threads(before)
    with pytest.raises(ValueError, match='non-negative int'):
        tf.config.threading.set_inter_op_parallelism_threads(-1)
