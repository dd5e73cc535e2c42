"""An exception raised by a tf.py_function's Python reaches the caller as TensorFlow's EagerPyFunc kernel
reports it: the class from py_func.cc's mapping, the message '{{function_node ...}} Name: text', the
traceback and ' [Op:EagerPyFunc] name: '. The tfrecord tutorial's `tf_serialize_example(f0, f1, f2, f3)`
(a numpy bool tensor given to Int64List) printed UnknownError on TF 2.21 and AttributeError on tapeflow.

Goldens printed by TF 2.21 (/work/notes/progs/tutorials13/probe_pyf.py).
"""
import pytest

import framework as tf

_HEAD = '{{function_node __wrapped__EagerPyFunc_Tin_%d_Tout_%d_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def _raising(error):
    def func(*args):
        raise error
    return func


@pytest.mark.parametrize('error, status', [
    (AttributeError('attr msg'), tf.errors.UnknownError),
    (ValueError('val msg'), tf.errors.InvalidArgumentError),
    (TypeError('type msg'), tf.errors.InvalidArgumentError),
    (StopIteration('stop'), tf.errors.OutOfRangeError),
    (KeyError('k'), tf.errors.UnknownError),
    (ZeroDivisionError('zero'), tf.errors.UnknownError),
    (NotImplementedError('ni'), tf.errors.UnimplementedError),
    (MemoryError('mem'), tf.errors.ResourceExhaustedError),
    (IndexError('idx'), tf.errors.UnknownError),
    (tf.errors.NotFoundError(None, None, 'nf'), tf.errors.UnknownError),
    (tf.errors.InvalidArgumentError(None, None, 'bad'), tf.errors.UnknownError),   # any OpError: UNKNOWN
])
def test_the_python_error_picks_the_status(error, status):
    with pytest.raises(tf.errors.OpError) as info:
        tf.py_function(_raising(error), [tf.constant(1.0), tf.constant(2)], tf.float32)
    assert type(info.value) is status
    lines = str(info.value).splitlines()
    assert lines[0] == _HEAD % (2, 1) + '%s: %s' % (type(error).__name__, error)
    assert lines[1] == 'Traceback (most recent call last):'
    assert lines[-1] == ' [Op:EagerPyFunc] name: '
    assert lines[-3] == '%s: %s' % (type(error).__name__, error)


def test_the_head_counts_inputs_and_tout_dtypes():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.py_function(_raising(ValueError('v')), [], [tf.float32, tf.int32])
    assert str(info.value).splitlines()[0] == _HEAD % (0, 2) + 'ValueError: v'
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.py_function(_raising(ValueError('v')), [tf.constant([1.0])], [])
    assert str(info.value).splitlines()[0] == _HEAD % (1, 0) + 'ValueError: v'


def test_the_traceback_shows_the_users_frame():
    with pytest.raises(tf.errors.UnknownError) as info:
        tf.py_function(_raising(AttributeError('full')), [tf.constant(1.0)], tf.float32)
    text = str(info.value)
    assert 'in func\n    raise error\n' in text and '/framework/' not in text


def test_the_tfrecord_tutorials_serialize_example():
    def serialize(f0, f1):
        return tf.train.Example(features=tf.train.Features(feature={
            'f0': tf.train.Feature(int64_list=tf.train.Int64List(value=[f0])),
            'f1': tf.train.Feature(int64_list=tf.train.Int64List(value=[f1]))})).SerializeToString()

    with pytest.raises(tf.errors.UnknownError) as info:
        tf.py_function(serialize, (tf.constant(True), tf.constant(4, tf.int64)), tf.string)
    assert str(info.value).splitlines()[0] == (
        _HEAD % (2, 1) + "AttributeError: 'numpy.bool' object has no attribute '__index__'")
    out = tf.py_function(serialize, (tf.constant(1, tf.int64), tf.constant(4, tf.int64)), tf.string)
    # TF 2.21 wrote the map entries f1 first (protobuf's map order is unspecified): compare parsed
    parsed = tf.train.Example.FromString(out.numpy()).features.feature
    assert {k: v.int64_list.value for k, v in parsed.items()} == {'f0': [1], 'f1': [4]}


def test_numpy_function_called_eagerly_lets_the_error_through():
    # TF 2.21 runs an eager numpy_function's Python directly: the AttributeError itself
    with pytest.raises(AttributeError, match='np eager'):
        tf.numpy_function(_raising(AttributeError('np eager')), [tf.constant(1.0)], tf.float32)
