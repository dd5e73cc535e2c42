"""tf.data constructors refuse bad arguments with TF 2.21's class and text (tapeflow's detail in a note)."""
import pytest

import framework as tf
from helpers_error_texts import assert_raises_exactly

D = tf.data.Dataset

CASES = [
    (lambda: D.from_tensor_slices(None), ValueError,
     'Invalid `element`. `element` should not be empty.'),
    (lambda: D.from_tensor_slices(()), ValueError,
     'Invalid `element`. `element` should not be empty.'),
    (lambda: D.from_tensor_slices({}), ValueError,
     'Invalid `element`. `element` should not be empty.'),
    (lambda: D.from_generator(3), TypeError,
     '`generator` must be a Python callable.'),
    (lambda: D.from_generator(3, output_signature=tf.TensorSpec((), tf.int32)), TypeError,
     '`generator` must be a Python callable.'),
    (lambda: D.from_generator(lambda: iter([1]), output_signature=3), TypeError,
     "`output_signature` must contain objects that are subclass of `tf.TypeSpec` but found <class 'int'> which is not."),
    (lambda: D.from_generator(lambda: iter([1]), output_signature=(tf.TensorSpec((), tf.int32), 'a')), TypeError,
     "`output_signature` must contain objects that are subclass of `tf.TypeSpec` but found <class 'str'> which is not."),
    (lambda: D.range(1.5), TypeError,
     'Cannot convert 1.5 to EagerTensor of dtype int64'),
    (lambda: D.range(0, 2.5), TypeError,
     'Cannot convert 2.5 to EagerTensor of dtype int64'),
    (lambda: D.range('a'), TypeError,
     "Cannot convert 'a' to EagerTensor of dtype int64"),
    (lambda: D.sample_from_datasets([]), ValueError,
     'Invalid `datasets`. `datasets` should not be empty.'),
    (lambda: D.choose_from_datasets([], D.range(3)), ValueError,
     'Invalid `datasets`. `datasets` should not be empty.'),
    (lambda: D.range(5).group_by_window(lambda x: x, lambda k, d: d), ValueError,
     'Either the `window_size` argument or the `window_size_func` argument must be specified.'),
    (lambda: D.range(5).group_by_window(lambda x: x, lambda k, d: d, 2, lambda k: 2), ValueError,
     'Either the `window_size` argument or the `window_size_func` argument must be specified.'),
    (lambda: D.range(5).bucket_by_sequence_length(lambda x: x, [1], [1]), ValueError,
     '`len(bucket_batch_sizes)` must equal `len(bucket_boundaries) + 1` but `len(bucket_batch_sizes)=1` and `len(bucket_boundaries)=1`.'),
    (lambda: D.range(5).bucket_by_sequence_length(lambda x: x, [1, 2], [1, 2, 3, 4]), ValueError,
     '`len(bucket_batch_sizes)` must equal `len(bucket_boundaries) + 1` but `len(bucket_batch_sizes)=4` and `len(bucket_boundaries)=2`.'),
]


@pytest.mark.parametrize('call, error, text', CASES)
def test_data_argument_error_texts(call, error, text):
    assert_raises_exactly(call, error, text)
