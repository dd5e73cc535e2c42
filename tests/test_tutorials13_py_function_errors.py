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


# Dataset.from_generator runs the generator in a PyFunc on TF: its errors take the same classes, named after the
# iterator kernel (TF 2.21, /work/notes/progs/tutorials13/probe_gen.py, probe_gen2.py).
_ITERATOR_HEAD = '{{function_node __wrapped__IteratorGetNext_output_types_%d_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def _failing_generator(error):
    def gen():
        yield 1, 2.0
        raise error
    return gen


@pytest.mark.parametrize('error, status', [
    (AttributeError('attr'), tf.errors.UnknownError),
    (ValueError('val'), tf.errors.InvalidArgumentError),
    (TypeError('typ'), tf.errors.InvalidArgumentError),
    (KeyError('k'), tf.errors.UnknownError),
])
def test_a_generators_error_is_the_iterators_status_error(error, status):
    spec = (tf.TensorSpec((), tf.int32), tf.TensorSpec((), tf.float32))
    ds = tf.data.Dataset.from_generator(_failing_generator(error), output_signature=spec)
    seen = []
    with pytest.raises(tf.errors.OpError) as info:
        for element in ds:
            seen.append(element)
    assert len(seen) == 1 and type(info.value) is status
    lines = str(info.value).splitlines()
    assert lines[0] == _ITERATOR_HEAD % 2 + '%s: %s' % (type(error).__name__, error)
    assert lines[-1] == '\t [[{{node PyFunc}}]] [Op:IteratorGetNext] name: '


def test_a_stop_iteration_inside_a_generator_is_pep_479s_runtime_error():
    def gen():
        raise StopIteration
        yield 1

    ds = tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec((), tf.int32))
    with pytest.raises(tf.errors.UnknownError) as info:
        list(ds)
    assert str(info.value).splitlines()[0] == _ITERATOR_HEAD % 1 + 'RuntimeError: generator raised StopIteration'
