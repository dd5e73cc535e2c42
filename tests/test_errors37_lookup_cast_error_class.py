"""StringLookup / IntegerLookup / TextVectorization given the other kind of data: TF 2.21's Cast kernel
refuses it with tensorflow.python.framework.errors_impl.UnimplementedError, which an uncaught traceback's
last line names by that module path. tapeflow's class printed as 'layers.preprocessing.data_inputs.
UnimplementedError'. (Golden: /work/notes/progs/errors37/prep.py, type(e).__module__ under TF 2.21.)"""
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('call, text', [
    (lambda: keras.layers.StringLookup(vocabulary=['a', 'b'])(tf.constant([1])), 'Cast int32 to string'),
    (lambda: keras.layers.IntegerLookup(vocabulary=[1, 2])(tf.constant(['a'])), 'Cast string to int64'),
    (lambda: keras.layers.TextVectorization(max_tokens=5)(tf.constant([1])), 'Cast int32 to string'),
])
def test_the_cast_refusal_is_tensorflows_class(call, text):
    with pytest.raises(tf.errors.UnimplementedError) as info:
        call()
    kind = type(info.value)
    assert (kind.__module__, kind.__name__) == ('tensorflow.python.framework.errors_impl', 'UnimplementedError')
    assert text + ' is not supported [Op:Cast] name: ' in str(info.value)
    assert isinstance(info.value, (TypeError, ValueError))      # what tapeflow raised before still catches it
