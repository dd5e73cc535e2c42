"""An error from a layer's call() keeps the user's frames in its traceback, as Keras 3's traceback filter
keeps them (it re-raises ``e.with_traceback(filtered_tb)``): the line of call() that failed and the
user's functions below it. tapeflow raised its Keras-worded error with no frames past its own __call__,
so keras.io's miniature-GPT example (ops.tile in causal_attention_mask, called from
TransformerBlock.call) showed no line of the user's code below the layer call.

TF 2.21 + Keras 3.15 (progs/kerasexamples4/p7.py): for each case below, the traceback's frames from the
test's own file end with ('call', 'return helper(y)'), ('helper', 'return ops.reshape(x, (5, 7))'), the
nested cases with ('call', 'return self.inner(x) + 1') before them.
"""
import traceback
import warnings

import numpy as np
import pytest

from framework import keras
from framework.keras import ops


def helper(x):
    return ops.reshape(x, (5, 7))


class Reshapes(keras.layers.Layer):
    def call(self, x):
        y = x * 2
        return helper(y)


class Outer(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.inner = Reshapes()

    def call(self, x):
        return self.inner(x) + 1


class MissingKey(keras.layers.Layer):
    def call(self, x):
        return {}['k']


_INNER = [('call', 'return helper(y)'), ('helper', 'return ops.reshape(x, (5, 7))')]
_OUTER = [('call', 'return self.inner(x) + 1')]

CASES = {
    'eager': (lambda: Reshapes()(np.ones((2, 3), 'float32')), _INNER),
    'symbolic': (lambda: Reshapes()(keras.Input((3,))), _INNER),
    'nested_eager': (lambda: Outer()(np.ones((2, 3), 'float32')), _OUTER + _INNER),
    'nested_symbolic': (lambda: Outer()(keras.Input((3,))), _OUTER + _INNER),
    'sequential_build': (lambda: keras.Sequential([keras.Input((3,)), Reshapes()]), _INNER),
    'sequential_predict': (lambda: keras.Sequential([Reshapes()]).predict(np.ones((2, 3)), verbose=0), _INNER),
    'python_error': (lambda: MissingKey()(np.ones((2, 3))), [('call', "return {}['k']")]),
}


def _own_frames(error):
    return [(frame.name, frame.line) for frame in traceback.extract_tb(error.__traceback__)
            if frame.filename == __file__ and frame.name not in ('test_user_frames_stay', '<lambda>')]


@pytest.mark.parametrize('case', sorted(CASES))
def test_user_frames_stay(case):
    make, frames = CASES[case]
    with warnings.catch_warnings(), pytest.raises(Exception) as caught:
        warnings.simplefilter('ignore')     # (nested_symbolic: Keras's build-run warnings)
        make()
    text = caught.value.args[0] if type(caught.value) is KeyError else str(caught.value)
    assert text.startswith('Exception encountered when calling'), text
    assert _own_frames(caught.value) == frames


def test_still_one_traceback():
    with pytest.raises(Exception) as caught:
        Reshapes()(np.ones((2, 3), 'float32'))
    printed = ''.join(traceback.format_exception(caught.value))
    assert printed.count('Traceback (most recent call last)') == 1
    assert 'return ops.reshape(x, (5, 7))' in printed

