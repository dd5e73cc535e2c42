"""With soft device placement off, a device the runtime lacks is TensorFlow's InvalidArgumentError.

The GPU guide (tensorflow/docs guide/gpu) asks for '/device:GPU:2' and for
tf.config.set_soft_device_placement; TF 2.21 on a CPU-only machine raises
InvalidArgumentError "Could not satisfy device specification ..." for a missing GPU and for a CPU
index past the logical CPUs, and silently uses CPU:0 under soft placement. tapeflow raised
RuntimeError for the GPU and ran '/CPU:3' anyway. Goldens printed by /opt/tfref/bin/python:
/work/notes/progs/tutorials15/probe_hard.py and probe_hard2.py.
"""
import pytest

import framework as tf
from framework import backend, device_config

PREFIX = '/job:localhost/replica:0/task:0/device:'
needs_no_gpu = pytest.mark.skipif(bool(tf.config.list_physical_devices('GPU')) or backend.cupy_module() is not None,
                                  reason='the goldens are for a machine without GPUs')


@pytest.fixture
def hard_placement():
    tf.config.set_soft_device_placement(False)
    yield
    tf.config.set_soft_device_placement(True)


def _expected(spec, available):
    return ("Could not satisfy device specification '%s%s'. enable_soft_placement=0. Supported device types [CPU]. "
            "All available devices [%s]." % (PREFIX, spec, ', '.join(PREFIX + d for d in available)))


@needs_no_gpu
@pytest.mark.parametrize('spec, name', [('/device:GPU:2', 'GPU:2'), ('/GPU:0', 'GPU:0'), ('gpu', 'GPU:0'),
                                        ('/CPU:1', 'CPU:1'), ('CPU:3', 'CPU:3')])
def test_missing_device_is_invalid_argument(hard_placement, spec, name):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        with tf.device(spec):
            tf.constant([1.0, 2.0])
    assert str(info.value) == _expected(name, ['CPU:0'])


def test_existing_cpu_still_works_without_soft_placement(hard_placement):
    for spec in ['/cpu:0', '/device:CPU:0']:
        with tf.device(spec):
            b = tf.constant([1.0, 2.0]) * 2
        assert b.device == PREFIX + 'CPU:0'


def test_soft_placement_runs_a_missing_cpu_on_cpu0():
    assert tf.config.get_soft_device_placement() is True
    with tf.device('/CPU:5'):
        a = tf.constant([1.0, 2.0]) * 2
    assert a.device == PREFIX + 'CPU:0' and a.numpy().tolist() == [2.0, 4.0]


@needs_no_gpu
def test_logical_cpus_are_available_devices(hard_placement, monkeypatch):
    # TF 2.21 after splitting CPU:0 in two: CPU:1 is placed, CPU:2 and GPU:0 list both CPUs
    monkeypatch.setitem(device_config._settings, 'logical', {})
    monkeypatch.setitem(device_config._settings, 'initialized', False)
    cpu = tf.config.list_physical_devices('CPU')[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
    with tf.device('/CPU:1'):
        tf.constant([1.0])
    for spec, name in [('/CPU:2', 'CPU:2'), ('/GPU:0', 'GPU:0')]:
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            with tf.device(spec):
                tf.constant([1.0])
        assert str(info.value) == _expected(name, ['CPU:0', 'CPU:1'])


# tf.device reads its string as TF's DeviceSpec does (probe_spec.py / probe_spec2.py): a type tapeflow
# has no kernels for runs on the CPU (soft placement), no type keeps the enclosing device; tapeflow
# raised "Unknown device" for all of these
@pytest.mark.parametrize('spec', ['/device:XPU:0', 'TPU:0', '/job:localhost', '/job:localhost/replica:0/task:0',
                                  '/replica:0', '', None, 'CPU', '/cpu:*'])
def test_tensorflow_device_strings_run_on_the_cpu(spec):
    with tf.device(spec):
        a = tf.constant([1.0]) * 2
    assert a.device == PREFIX + 'CPU:0' and a.numpy().tolist() == [2.0]


@pytest.mark.parametrize('spec, error', [
    ('foo', "Unknown attribute 'foo' is encountered while parsing the device spec: 'foo'."),
    ('/device:CPU:0/device:GPU:0',
     'Multiple device types are not allowed while parsing the device spec: /device:CPU:0/device:GPU:0.'),
    ('GPU:x', "invalid literal for int() with base 10: 'x'")])
def test_malformed_device_strings_are_tensorflows_value_errors(spec, error):
    with pytest.raises(ValueError) as info:
        with tf.device(spec):
            pass
    assert str(info.value) == error


@needs_no_gpu
@pytest.mark.parametrize('spec, name', [('/device:XPU:0', 'XPU:0'), ('TPU:1', 'TPU:1'), ('/device:xpu:0', 'xpu:0'),
                                        ('tpu', 'TPU:0')])
def test_other_device_types_without_soft_placement(hard_placement, spec, name):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        with tf.device(spec):
            tf.constant([1.0])
    assert str(info.value) == _expected(name, ['CPU:0'])


def test_no_device_type_keeps_the_enclosing_scope_and_none_clears_it(monkeypatch):
    from framework import placement
    monkeypatch.setitem(device_config._settings, 'logical', {})
    cpu = tf.config.list_physical_devices('CPU')[0]
    monkeypatch.setitem(device_config._settings, 'initialized', False)
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
    with tf.device('/CPU:1'):
        with tf.device('/job:localhost'):
            assert placement.current() == ('cpu', 1)
        with tf.device(None):
            assert placement.current() == ('cpu', 0)


# tf.DeviceSpec (TF's DeviceSpecV2), and tf.device given a spec, a function or a non-string
# (probe_devspec.py / probe_devfn.py)
def test_device_spec_parts_strings_and_merging():
    D = tf.DeviceSpec
    s = D.from_string('/job:worker/replica:1/task:2/device:gpu:3')
    assert (s.job, s.replica, s.task, s.device_type, s.device_index) == ('worker', 1, 2, 'GPU', 3)
    assert s.to_string() == '/job:worker/replica:1/task:2/device:GPU:3'
    assert D(job='ps', device_type='cpu').to_string() == '/job:ps/device:CPU:*'
    assert D(device_type='cpu', device_index=0).to_string() == '/device:CPU:0' and D().to_string() == ''
    assert D(device_type='xpu', device_index=1).to_string() == '/device:xpu:1'
    merged = D.from_string('/job:a/task:1').make_merged_spec(D.from_string('/device:CPU:0'))
    assert merged.to_string() == '/job:a/task:1/device:CPU:0'
    assert s.replace(job='x', device_index=0).to_string() == '/job:x/replica:1/task:2/device:GPU:0'
    assert D.from_string('/cpu:*').to_string() == '/device:CPU:*' and D.from_string('GPU').to_string() == '/device:GPU:*'
    assert D.from_string('/job:a') == D(job='a') and hash(D(job='a')) == hash(D.from_string('/job:a'))
    assert type(s).__name__ == 'DeviceSpecV2'
    assert s.parse_from_string('/task:4').to_string() == '/task:4'
    with pytest.raises(ValueError, match=r"^invalid literal for int\(\) with base 10: 'x'$"):
        D(replica='x')


def test_tf_device_takes_a_spec_and_refuses_functions_and_numbers():
    with tf.device(tf.DeviceSpec(device_type='CPU', device_index=0)):
        assert tf.constant(1.0).device == PREFIX + 'CPU:0'
    with pytest.raises(RuntimeError, match=r'^tf\.device does not support functions\.$'):
        tf.device(lambda op: '/cpu:0')
    with pytest.raises(ValueError, match=r"^Expecting a string device name\. Got <class 'int'>\(3\)$"):
        tf.device(3)
