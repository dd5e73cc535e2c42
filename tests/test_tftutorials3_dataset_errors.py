"""The tf.data guide's argument errors in TensorFlow 2.21's classes and words (printed by TF,
notes/progs/tftutorials3/dat.py)."""
import pytest

import framework as tf

WRAPPED = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('fn, kernel, text', [
    (lambda: tf.data.Dataset.range(5).batch(0), 'BatchDatasetV2', 'Batch size must be greater than zero.'),
    (lambda: tf.data.Dataset.range(5).batch(-1), 'BatchDatasetV2', 'Batch size must be greater than zero.'),
    (lambda: tf.data.Dataset.range(5).shuffle(0), 'ShuffleDatasetV3',
     'buffer_size must be greater than zero or UNKNOWN_CARDINALITY'),
    (lambda: tf.data.Dataset.range(5).window(0), 'WindowDataset', 'Window size must be greater than zero.'),
])
def test_sizes_that_are_not_positive(fn, kernel, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        fn()
    assert str(info.value) == WRAPPED % kernel + text + ' [Op:%s] name: ' % kernel


def test_zip_and_from_tensor_slices():
    with pytest.raises(TypeError) as info:
        tf.data.Dataset.zip(1, 2)
    assert str(info.value) == ("Invalid input to `zip`. Inputs are expected to be (nested) structures of "
                               "`tf.data.Dataset` objects but encountered object of type <class 'int'>.")
    with pytest.raises(ValueError) as info:
        tf.data.Dataset.from_tensor_slices(([1, 2], [1, 2, 3]))
    assert str(info.value) == 'Dimensions 2 and 3 are not compatible'
