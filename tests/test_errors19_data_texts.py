"""errors19: tf.data arguments errors18 left, now in TF 2.21's class and words (printed by TF 2.21,
/work/notes/progs/errors19/q11.py)."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError
from tests.helpers_error_texts import assert_raises_exactly

_NODE = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s] name: '
_D = tf.data.Dataset


@pytest.mark.parametrize('call, error, text', [
    (lambda: _D.range(5).window(2, shift=0), InvalidArgumentError,
     _NODE % ('WindowDataset', 'Window shift must be greater than zero.', 'WindowDataset')),
    (lambda: _D.range(5).window(2, stride=0), InvalidArgumentError,
     _NODE % ('WindowDataset', 'Window stride must be greater than zero.', 'WindowDataset')),
    (lambda: _D.range(5).map(lambda x: x, num_parallel_calls=0), InvalidArgumentError,
     _NODE % ('ParallelMapDatasetV2_Targuments_0', 'num_parallel_calls must be greater than zero.',
              'ParallelMapDatasetV2')),
    (lambda: _D.range(5).ignore_errors(3), TypeError, "Expected bool for argument 'log_warning' not 3."),
    (lambda: _D.counter(start='a'), TypeError, "Cannot convert 'a' to EagerTensor of dtype int64"),
    (lambda: _D.counter(step=1.5), TypeError, 'Cannot convert 1.5 to EagerTensor of dtype int64'),
])
def test_data_argument_texts(call, error, text):
    # tapeflow took ignore_errors(3) and counter('a') (failing only while iterating), and worded the rest its way
    assert_raises_exactly(call, error, text)


def test_counter_of_none_is_tfs_conversion_error():
    with pytest.raises(ValueError) as caught:
        _D.counter(start=None)
    assert str(caught.value) == "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a " \
                                "Tensor."
