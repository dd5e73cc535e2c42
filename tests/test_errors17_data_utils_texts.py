"""Bad input to tf.data stages and keras.utils raises TensorFlow 2.21 / Keras 3.15's exception class and words.

Each expected (class, text) pair was printed by TF 2.21 + Keras 3.15 (/opt/tfref) running the same call (the
errors17 fuzzer, /work/notes/progs/errors17, and isolated probes for the 2-component kernel node names);
tapeflow may add a PEP 678 note, so the first argument is compared, not str() with notes.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

D = tf.data.Dataset
_CPU = '_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def _kernel(node, text, op=None):
    return '{{function_node __wrapped__%s%s%s [Op:%s] name: ' % (node, _CPU, text, op or node)


def _ragged_generator(rows, signature):
    return D.from_generator(lambda: iter(rows), output_signature=signature)


CASES = [
    # tf.data sources and stages
    (lambda: D.from_tensor_slices([[1], [2, 3], [4]]), ValueError, "Can't convert non-rectangular Python sequence to Tensor."),
    (lambda: D.from_tensor_slices(([[1, 2], [3]], [1, 2])), ValueError,
     "Can't convert non-rectangular Python sequence to Tensor."),
    (lambda: D.from_tensor_slices([1, 'a']), ValueError, "Can't convert Python sequence with mixed types to Tensor."),
    (lambda: D.from_tensor_slices('abc'), ValueError, 'Unbatching a tensor is only supported for rank >= 1'),
    (lambda: list(D.range(0, 5, 0)), tf.errors.InvalidArgumentError,
     _kernel('RangeDataset', 'step must be a non-zero integer.')),
    (lambda: D.range(5).batch(2, drop_remainder='x'), TypeError, "Cannot convert 'x' to EagerTensor of dtype bool"),
    (lambda: D.range(5).batch(2, drop_remainder=1), TypeError, 'Cannot convert 1 to EagerTensor of dtype bool'),
    (lambda: D.range(5).batch(2, drop_remainder=None), ValueError,
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    (lambda: D.range(5).padded_batch(0), tf.errors.InvalidArgumentError,
     _kernel('PaddedBatchDatasetV2_N_1_Toutput_types_1', 'Batch size must be greater than zero.', 'PaddedBatchDatasetV2')),
    (lambda: D.from_tensor_slices(([1, 2], [3, 4])).padded_batch(0), tf.errors.InvalidArgumentError,
     _kernel('PaddedBatchDatasetV2_N_2_Toutput_types_2', 'Batch size must be greater than zero.', 'PaddedBatchDatasetV2')),
    (lambda: list(D.range(5).prefetch(-5)), tf.errors.InvalidArgumentError,
     _kernel('PrefetchDataset', 'buffer_size must be >= 0 or set buffer_size to be -1 for auto-tuning')),
    (lambda: list(D.range(5).shard(0, 0)), tf.errors.InvalidArgumentError,
     _kernel('ShardDataset', 'Number of shards must be greater than zero (currently num_shards = 0).')),
    (lambda: list(D.range(5).shard(2, 5)), tf.errors.InvalidArgumentError,
     _kernel('ShardDataset', 'Index must be between 0 and 1 (currently index = 5).')),
    (lambda: list(D.range(5).shard(2, -1)), tf.errors.InvalidArgumentError,
     _kernel('ShardDataset', 'Index must be between 0 and 1 (currently index = -1).')),
    (lambda: D.range(5).get_single_element(), tf.errors.InvalidArgumentError,
     _kernel('DatasetToSingleElement_output_types_1', 'Dataset had more than one element.', 'DatasetToSingleElement')),
    (lambda: D.range(0).get_single_element(), tf.errors.InvalidArgumentError,
     _kernel('DatasetToSingleElement_output_types_1', 'Dataset was empty.', 'DatasetToSingleElement')),
    (lambda: D.from_tensor_slices(([1, 2], [3, 4])).get_single_element(), tf.errors.InvalidArgumentError,
     _kernel('DatasetToSingleElement_output_types_2', 'Dataset had more than one element.', 'DatasetToSingleElement')),
    (lambda: D.range(5).cache(5), TypeError, 'Cannot convert 5 to EagerTensor of dtype string'),
    (lambda: list(D.range(5).filter(lambda z: 1)), ValueError,
     'Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor, but its return type is '
     'TensorSpec(shape=(), dtype=tf.int32, name=None).'),
    (lambda: list(D.range(3).filter(lambda a: 1.5)), ValueError,
     'Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor, but its return type is '
     'TensorSpec(shape=(), dtype=tf.float32, name=None).'),
    (lambda: list(D.range(3).filter(lambda a: tf.constant([True]))), ValueError,
     'Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor, but its return type is '
     'TensorSpec(shape=(1,), dtype=tf.bool, name=None).'),
    (lambda: D.zip((D.range(5), [1, 2])), TypeError,
     'Invalid input to `zip`. Inputs are expected to be (nested) structures of `tf.data.Dataset` objects. Python '
     '`list` is not supported and you should use `tuple` instead.'),
    (lambda: D.zip([D.range(1), D.range(2)]), TypeError,
     'Invalid input to `zip`. Inputs are expected to be (nested) structures of `tf.data.Dataset` objects. Python '
     '`list` is not supported and you should use `tuple` instead.'),
    (lambda: D.from_generator(5, output_signature=tf.TensorSpec([], tf.int32)), TypeError,
     '`generator` must be a Python callable.'),
    (lambda: D.from_generator(lambda: iter([1])), TypeError,
     'To specify the output signature you need to provide either the `output_signature` argument or the '
     '`output_types` argument.'),
    (lambda: list(_ragged_generator([[1], [1, 2]], tf.TensorSpec([None], tf.int32)).batch(2)),
     tf.errors.InvalidArgumentError,
     _kernel('IteratorGetNext_output_types_1', 'Cannot batch tensors with different shapes in component 0. First '
             'element had shape [1] and element 1 had shape [2].', 'IteratorGetNext')),
    (lambda: list(_ragged_generator([([1], [1]), ([1], [1, 2])], (tf.TensorSpec([None], tf.int32),) * 2).batch(3)),
     tf.errors.InvalidArgumentError,
     _kernel('IteratorGetNext_output_types_2', 'Cannot batch tensors with different shapes in component 1. First '
             'element had shape [1] and element 1 had shape [2].', 'IteratorGetNext')),
    (lambda: list(_ragged_generator([1, [1, 2]], tf.TensorSpec(None, tf.int32)).batch(3)),
     tf.errors.InvalidArgumentError,
     _kernel('IteratorGetNext_output_types_1', 'Cannot batch tensors with different shapes in component 0. First '
             'element had shape [] and element 1 had shape [2].', 'IteratorGetNext')),
    # keras.utils
    (lambda: keras.utils.to_categorical([1, 5], num_classes=3), IndexError, 'index 5 is out of bounds for axis 1 with size 3'),
    (lambda: keras.utils.to_categorical([1, 5, -7], num_classes=3), IndexError,
     'index 5 is out of bounds for axis 1 with size 3'),
    (lambda: keras.utils.to_categorical([-7, 5], num_classes=3), IndexError,
     'index -7 is out of bounds for axis 1 with size 3'),
    (lambda: keras.utils.to_categorical([0, 1], num_classes=-1), ValueError, 'negative dimensions are not allowed'),
    (lambda: keras.utils.to_categorical([0, 1], num_classes='a'), TypeError,
     "'str' object cannot be interpreted as an integer"),
    (lambda: keras.utils.pad_sequences(5), ValueError, '`sequences` must be iterable.'),
    (lambda: keras.utils.pad_sequences([1, 2]), ValueError, '`sequences` must be a list of iterables. Found non-iterable: 1'),
    (lambda: keras.utils.pad_sequences([[1, 2], [1]], value='x'), ValueError,
     "`dtype` int32 is not compatible with `value`'s type: <class 'str'>\nYou should set `dtype=object` for variable "
     "length strings."),
    (lambda: keras.utils.pad_sequences([[1, 2]], padding='foo'), ValueError, 'Padding type "foo" not understood'),
    (lambda: keras.utils.pad_sequences([[1, 2], [1]], padding=None), ValueError, 'Padding type "None" not understood'),
    (lambda: keras.utils.pad_sequences([[1, 2, 3]], maxlen=2, truncating='foo'), ValueError,
     'Truncating type "foo" not understood'),
    (lambda: keras.utils.pad_sequences([[[1, 2]], [[1]]]), ValueError,
     'Shape of sample (1,) of sequence at position 1 is different from expected shape (2,)'),
]


@pytest.mark.parametrize('call, cls, text', CASES)
def test_bad_data_or_utils_call_raises_tensorflows_class_and_words(call, cls, text):
    with pytest.raises(Exception) as caught:
        call()
    assert isinstance(caught.value, cls), repr(caught.value)
    assert str(caught.value.args[0]) == text


def test_what_tensorflow_takes_still_works():
    """TF 2.21: padding/truncating are read only for a non-empty sequence; zip of a tuple of datasets works."""
    assert keras.utils.pad_sequences([[]], maxlen=2, padding='foo').tolist() == [[0, 0]]
    assert [tuple(int(v) for v in e) for e in D.zip((D.range(2), D.range(3)))] == [(0, 0), (1, 1)]
    assert keras.utils.to_categorical([0, 2], num_classes=3).tolist() == [[1, 0, 0], [0, 0, 1]]
