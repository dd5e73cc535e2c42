"""keras.layers.Discretization given strings: TF 2.21's Bucketize kernel has no string registration, so the
call fails with the op registry's InvalidArgumentError (tapeflow raised TypeError 'expected numbers, got
dtype object'). Golden text printed by TF 2.21 (/work/notes/progs/errors37/disc.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('strings', [tf.constant(['a']), np.array(['a']), tf.constant([['a', 'b']])])
def test_strings_fail_the_bucketize_registry(strings):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        keras.layers.Discretization(bin_boundaries=[0., 1.])(strings)
    assert str(info.value).split('\n\n')[1] == (
        "\x1b[1mValue for attr 'T' of string is not in the list of allowed values: int32, int64, float, double\n\t; "
        'NodeDef: {{node Bucketize}}; Op<name=Bucketize; signature=input:T -> output:int32; attr=T:type,allowed=[DT_INT32, '
        'DT_INT64, DT_FLOAT, DT_DOUBLE]; attr=boundaries:list(float)> [Op:Bucketize] name: \x1b[0m')
