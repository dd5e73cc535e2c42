"""Device choice the TensorFlow way: specs, defaults, and clear errors where there is no GPU."""
import numpy as np
import pytest

import framework as tf
from framework import backend, placement


def test_device_specs_parse_like_tensorflow():
    assert placement.parse('/GPU:1') == ('gpu', 1)
    assert placement.parse('cpu') == ('cpu', 0)
    assert placement.parse('/job:localhost/replica:0/task:0/device:CPU:0') == ('cpu', 0)
    with pytest.raises(ValueError, match=r"Unknown device 'TPU:0'.*/CPU:0.*/GPU:<index>"):
        placement.parse('TPU:0')


def test_cpu_scope_and_default_keep_tensors_on_the_host():
    with tf.device('/CPU:0'):
        t = tf.constant([1.0, 2.0])
    assert isinstance(t._data, np.ndarray) and t.device.endswith('CPU:0')
    tf.config.set_default_device('/CPU:0')
    try:
        assert placement.current() == ('cpu', 0)
    finally:
        tf.config.set_default_device(None)


def test_the_cpu_is_always_listed():
    devices = tf.config.list_physical_devices()
    assert devices[0].device_type == 'CPU' and devices[0].name == '/physical_device:CPU:0'
    assert all(d.device_type == 'GPU' for d in tf.config.list_physical_devices('GPU'))


@pytest.mark.skipif(backend.cupy_module() is not None, reason='cupy is installed: the missing-cupy error cannot occur')
def test_asking_for_a_gpu_without_cupy_says_what_is_missing():
    # without soft placement, TensorFlow's InvalidArgumentError; tapeflow's reason is the error's note
    tf.config.set_soft_device_placement(False)
    try:
        with pytest.raises(tf.errors.InvalidArgumentError, match=r"^Could not satisfy device specification") as info:
            with tf.device('/GPU:0'):
                pass
        assert any('GPU requested (/GPU:0) but cupy is not installed: pip install' in note
                   for note in info.value.__notes__)
    finally:
        tf.config.set_soft_device_placement(True)
    with pytest.raises(RuntimeError, match='cupy is not installed'):
        tf.config.set_default_device('/GPU:0')
    assert placement.current() == ('cpu', 0)      # a refused default changes nothing


@pytest.mark.skipif(backend.cupy_module() is not None, reason='cupy is installed: no fallback happens')
def test_a_gpu_scope_without_a_gpu_runs_on_the_cpu_as_tensorflow_does(monkeypatch):
    # The Variables guide multiplies inside `with tf.device('GPU:0')`; TensorFlow's soft
    # placement (on by default) runs it on the CPU where there is no GPU.
    monkeypatch.setattr(placement, '_warned_soft', False)
    assert tf.config.get_soft_device_placement() is True
    with pytest.warns(UserWarning, match='cupy is not installed.*running on the CPU'):
        with tf.device('GPU:0'):
            k = tf.constant([[1.0, 2.0]]) * tf.constant([[3.0, 4.0]])
    assert placement.current() == ('cpu', 0)
    np.testing.assert_array_equal(k.numpy(), [[3.0, 8.0]])
