"""adapt() that leaves no token to learn fails in TF's lookup-table import, as Keras 3 on TF 2.21.

Printed by TF 2.21 (progs/layers13/empty1.py):
    StringLookup(max_tokens=3, num_oov_indices=2, mask_token='').adapt(np.array(['x', 'y', 'y']))
    StringLookup(mask_token='').adapt(np.array(['', '']))
    IntegerLookup(max_tokens=2, mask_token=0).adapt(np.array([3, 4]))
    TextVectorization(max_tokens=2).adapt(np.array(['a b']))
        -> InvalidArgumentError '{{function_node __wrapped__LookupTableImportV2_device_/job:localhost/replica:0/task:0/
           device:CPU:0}} keys and values cannot be empty tensors. [Op:LookupTableImportV2] name: '
    StringLookup().adapt(np.array([], dtype=str)) -> no error (a call then says 'Table not initialized.')
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers
TEXT = ('{{function_node __wrapped__LookupTableImportV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
        'keys and values cannot be empty tensors. [Op:LookupTableImportV2] name: ')


@pytest.mark.parametrize('make, data', [
    (lambda: L.StringLookup(max_tokens=3, num_oov_indices=2, mask_token=''), np.array(['x', 'y', 'y'])),
    (lambda: L.StringLookup(mask_token=''), np.array(['', ''])),
    (lambda: L.IntegerLookup(max_tokens=2, mask_token=0), np.array([3, 4])),
    (lambda: L.TextVectorization(max_tokens=2), np.array(['a b'])),
])
def test_no_learned_token_is_the_table_import_error(make, data):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        make().adapt(data)
    assert str(info.value) == TEXT


def test_no_data_at_all_still_adapts():
    layer = L.StringLookup()
    layer.adapt(np.array([], dtype=str))
    assert layer.get_vocabulary() == ['[UNK]']
    with pytest.raises(tf.errors.FailedPreconditionError, match='Table not initialized'):
        layer(np.array(['x']))


def test_a_vocabulary_that_fits_is_learned():
    layer = L.StringLookup(max_tokens=3, mask_token='')
    layer.adapt(np.array(['x', 'y', 'y']))
    assert layer.get_vocabulary() == ['', '[UNK]', 'y']
