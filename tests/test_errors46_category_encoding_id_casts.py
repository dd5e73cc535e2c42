"""CategoryEncoding casts its ids as Keras 3 on TF 2.21 (one_hot to int64, multi_hot / count to int32):
bool and complex ids count as 0 / 1 and their real part, strings fail in Cast, worded by the layer's call.
Values and texts measured with TF 2.21 (probe /work/notes/progs/errors46/c7.txt)."""
import numpy as np
import pytest

from framework import errors
from framework import keras

CAST = ('{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
        'Cast string to %s is not supported [Op:Cast] name: ')


@pytest.mark.parametrize('ids, expected', [
    (np.array([True, False]), [1.0, 1.0, 0.0]),        # TF 2.21: [1., 1., 0.]
    (np.array([1 + 1j]), [0.0, 1.0, 0.0]),             # TF 2.21: [0., 1., 0.]
])
def test_bool_and_complex_ids_are_cast(ids, expected):
    assert keras.layers.CategoryEncoding(3)(ids).numpy().tolist() == expected


@pytest.mark.parametrize('mode, ids, kind', [
    ('multi_hot', np.array(['a']), 'int32'),
    ('count', np.array([['1']]), 'int32'),
    ('one_hot', np.array(['a']), 'int64'),
    ('multi_hot', ['a'], 'int32'),
])
def test_string_ids_fail_in_cast_in_the_call_banner(mode, ids, kind):
    with pytest.raises(errors.UnimplementedError) as info:
        keras.layers.CategoryEncoding(3, output_mode=mode)(ids)
    text = str(info.value)
    assert text.startswith('Exception encountered when calling CategoryEncoding.call().\n\n\x1b[1m' + CAST % kind +
                           '\x1b[0m\n\nArguments received by CategoryEncoding.call():\n')
    assert text.endswith('  \u2022 count_weights=None')
