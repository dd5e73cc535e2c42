"""keras.random.categorical / tf.random.stateless_categorical of int or bool logits: TF 2.21's kernel refusals.

Texts printed by TF 2.21 (/work/notes/progs/kerasops2/cat.py):
    g = keras.random.SeedGenerator(3); keras.random.categorical(np.array([[1, 2]], 'int32'), 3, seed=g)
    tf.random.stateless_categorical(np.array([[1, 2]], 'int32'), 3, seed=[1, 2], dtype='int32')
"""
import re

import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError, NotFoundError

CPU_LINES = ''.join("\n  device='CPU'; T in [DT_%s]; output_dtype in [DT_%s]" % (t, o)
                    for t in ('DOUBLE', 'FLOAT', 'BFLOAT16', 'HALF') for o in ('INT64', 'INT32'))


def not_found(t, seed, output):
    return ("Could not find device for node: {{node StatelessMultinomial}} = StatelessMultinomial[T=DT_%s, "
            "Tseed=DT_%s, output_dtype=DT_%s]\nAll kernels registered for op StatelessMultinomial:\n  "
            "device='XLA_CPU_JIT'; output_dtype in [DT_INT32, DT_INT64]; Tseed in [DT_INT32]; T in [DT_FLOAT, "
            "DT_DOUBLE, DT_BFLOAT16]" % (t, seed, output) + CPU_LINES + '\n [Op:StatelessMultinomial] name: ')


BOOL_REFUSAL = (
    "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, uint8, int16, int8, "
    "int64, bfloat16, uint16, half, uint32, uint64\n\t; NodeDef: {{node StatelessMultinomial}}; "
    "Op<name=StatelessMultinomial; signature=logits:T, num_samples:int32, seed:Tseed -> output:output_dtype; "
    "attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, "
    "DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]; attr=Tseed:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]; "
    "attr=output_dtype:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]> [Op:StatelessMultinomial] name: ")


@pytest.mark.parametrize('dtype, error_class, text', [
    ('int32', NotFoundError, not_found('INT32', 'INT32', 'INT64')),
    ('uint8', NotFoundError, not_found('UINT8', 'INT32', 'INT64')),
    ('int64', NotFoundError, not_found('INT64', 'INT32', 'INT64')),
    ('bool', InvalidArgumentError, BOOL_REFUSAL),
])
def test_keras_categorical_refuses_int_logits_after_drawing_its_seed(dtype, error_class, text):
    generator = keras.random.SeedGenerator(3)
    with pytest.raises(error_class, match='^' + re.escape(text)):
        keras.random.categorical(np.array([[1, 2]]).astype(dtype), 3, dtype='int32', seed=generator)
    assert np.asarray(generator.state.value).tolist() == [3, 1]      # TF 2.21: [3 1], the seed was drawn


@pytest.mark.parametrize('logits, seed, dtype, text', [
    (np.array([[1, 2]], 'int32'), [1, 2], 'int32', not_found('INT32', 'INT32', 'INT32')),
    (np.array([[1, 2]], 'int32'), np.array([1, 2], 'int64'), 'int64', not_found('INT32', 'INT64', 'INT64')),
    ([[1, 2]], [1, 2], 'int64', not_found('INT32', 'INT32', 'INT64')),       # nested Python ints are int32
    (np.array([1, 2], 'int32'), [1, 2], 'int64', not_found('INT32', 'INT32', 'INT64')),   # before the rank check
])
def test_stateless_categorical_refuses_int_logits(logits, seed, dtype, text):
    with pytest.raises(NotFoundError, match='^' + re.escape(text)):
        tf.random.stateless_categorical(logits, 3, seed=seed, dtype=dtype)


def test_float_logits_still_draw():
    # TF 2.21: tf.random.stateless_categorical([[1., 2.]], 3, seed=[1, 2]) is [[1 1 0]] int64
    drawn = tf.random.stateless_categorical([[1., 2.]], 3, seed=[1, 2])
    assert drawn.dtype == tf.int64 and drawn.numpy().tolist() == [[1, 1, 0]]
