"""model.export's 'Captures:' block lists what TF 2.21's serving graph captures for a lookup layer: the
table's resource handle, its default value (int64 OOV index; the OOV token under invert=True), the mask
token's key and value where there is one, and tf_idf's idf weights; a TextVectorization its inner
StringLookup's (mask token ''). tapeflow listed nothing for them ('None' for a model of lookups alone)
(probes /work/notes/progs/kerasio48/p11.py, p12.py, p13.py)."""
import io
import re
from contextlib import redirect_stdout

import pytest

from framework import keras

L = keras.layers
R, I64, STR = 'resource', 'int64', 'string'


def _captured_dtypes(layer, dtype, shape, path):
    model = keras.Sequential([keras.Input(shape, dtype=dtype), layer])
    printed = io.StringIO()
    with redirect_stdout(printed):
        model.export(str(path))
    block = printed.getvalue().split('Captures:\n')[1].strip().split('\n')
    return [re.sub(r'^\s*\d+: TensorSpec\(shape=\(\), dtype=tf\.(\w+), name=None\)$', r'\1', line) for line in block]


@pytest.mark.parametrize('make, dtype, shape, expected', [
    # TF 2.21's Captures (dtypes, in order)
    (lambda: L.StringLookup(vocabulary=['a', 'b']), 'string', (2,), [R, I64]),
    (lambda: L.StringLookup(vocabulary=['a', 'b'], output_mode='multi_hot'), 'string', (2,), [R, I64]),
    (lambda: L.StringLookup(vocabulary=['a', 'b'], invert=True), 'int64', (2,), [R, STR]),
    (lambda: L.StringLookup(vocabulary=['a', 'b'], mask_token=''), 'string', (2,), [R, I64, STR, I64]),
    (lambda: L.StringLookup(vocabulary=['a', 'b'], invert=True, mask_token=''), 'int64', (2,), [R, STR, I64, STR]),
    (lambda: L.IntegerLookup(vocabulary=[3, 7], mask_token=0), 'int64', (2,), [R, I64, I64, I64]),
    (lambda: L.TextVectorization(vocabulary=['x', 'y']), 'string', (1,), [R, I64, STR, I64]),
    (lambda: L.TextVectorization(vocabulary=['x', 'y'], output_mode='tf_idf', idf_weights=[1., 2.]), 'string', (1,),
     [R, I64, STR, I64, '  TensorSpec(shape=(3,), dtype=tf.float32, name=None)']),
])
def test_lookup_captures(tmp_path, make, dtype, shape, expected):
    got = _captured_dtypes(make(), dtype, shape, tmp_path / 'exp')
    assert [g if g in (R, I64, STR) else re.sub(r'^\s*\d+:', ' ', g) for g in got] == expected
