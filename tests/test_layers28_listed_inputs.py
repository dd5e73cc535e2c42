"""Layers of one input given a list, tuple or dict of one tensor fail as Keras 3 on TF 2.21 fails them.

Keras maps such inputs to a list, tuple or dict of shapes and its builds index that as one shape
(``input_shape[-1]`` is then a whole shape, or a dict's missing key), or its calls read ``inputs.shape``
first; tapeflow converted the list or read it otherwise and failed with its own words and exception types.
Goldens: /work/notes/progs/layers28/listin.py and listin3.py under TF 2.21 (*.tf.out), the exception's type
and text.
"""
import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError

L = keras.layers
X3 = np.arange(24, dtype='float32').reshape(2, 3, 4) / 10
X4 = np.arange(48, dtype='float32').reshape(2, 2, 3, 4) / 10
X5 = np.arange(96, dtype='float32').reshape(2, 2, 2, 3, 4) / 10
_SHAPE_READ = {kind: (AttributeError, "'%s' object has no attribute 'shape'" % kind) for kind in ('list', 'dict', 'tuple')}


def _same(error, text):
    return {'list': (error, text), 'tuple': (error, text)}


def _convert(shape, kind_type='tuple'):
    return (ValueError, "Cannot convert '%s' to a shape. Found invalid dimension '(2, 3, 4)' of type '<class '%s'>'."
            % (shape, kind_type))


def _kernel(kernel):
    return {'list': (ValueError, 'Kernel shape must have the same length as input, but received kernel of shape %s '
                                 'and input of shape [(2, 3, 4)].' % kernel),
            'tuple': (ValueError, 'Kernel shape must have the same length as input, but received kernel of shape %s '
                                  'and input of shape ((2, 3, 4),).' % kernel),
            'dict': (KeyError, '-1')}


def _time_distributed(shown):
    return (ValueError, '`TimeDistributed` Layer should be passed an `input_shape` with at least 3 dimensions, '
                        'received: %s' % shown)


CASES = [
    ('ZeroPadding1D', lambda: L.ZeroPadding1D(), X3, _SHAPE_READ),
    ('ZeroPadding2D', lambda: L.ZeroPadding2D(), X4, _SHAPE_READ),
    ('ZeroPadding3D', lambda: L.ZeroPadding3D(), X5, _SHAPE_READ),
    ('Permute', lambda: L.Permute((2, 1)), X3, _SHAPE_READ),
    ('MaxPooling2D', lambda: L.MaxPooling2D(1), X4, _SHAPE_READ),
    ('AveragePooling2D', lambda: L.AveragePooling2D(1), X4, _SHAPE_READ),
    ('MaxPooling3D', lambda: L.MaxPooling3D(1), X5, _SHAPE_READ),
    ('AveragePooling3D', lambda: L.AveragePooling3D(1), X5, _SHAPE_READ),
    ('RepeatVector', lambda: L.RepeatVector(2), X3[:, 0],
     dict(_same(InvalidArgumentError, 'Input to reshape is a tensor with 8 values, but the requested shape has 2'),
          dict=(ValueError, "Attempt to convert a value ({'a': "))),
    ('Conv2D', lambda: L.Conv2D(2, 1, kernel_initializer='ones'), X4,
     dict(_same(TypeError, "unsupported operand type(s) for %: 'tuple' and 'int'"), dict=(KeyError, '-1'))),
    ('Conv3D', lambda: L.Conv3D(2, 1), X5,
     dict(_same(TypeError, "unsupported operand type(s) for %: 'tuple' and 'int'"), dict=(KeyError, '-1'))),
    ('ConvLSTM1D', lambda: L.ConvLSTM1D(2, 2), X4,
     dict(_same(ValueError, "Cannot convert '(2, (2, 2, 3, 4), 8)' to a shape. Found invalid dimension '(2, 2, 3, 4)' "
                            "of type '<class 'tuple'>'."), dict=(KeyError, '0'))),
    ('ConvLSTM2D', lambda: L.ConvLSTM2D(2, 1), X5,
     dict(_same(ValueError, "Cannot convert '(1, 1, (2, 2, 2, 3, 4), 8)' to a shape. Found invalid dimension "
                            "'(2, 2, 2, 3, 4)' of type '<class 'tuple'>'."), dict=(KeyError, '0'))),
    ('Conv1DTranspose', lambda: L.Conv1DTranspose(2, 2, kernel_initializer='ones'), X3,
     dict(_same(*_convert('(2, 2, (2, 3, 4))')), dict=(KeyError, '-1'))),
    ('SeparableConv1D', lambda: L.SeparableConv1D(2, 2), X3, _kernel('(2, (2, 3, 4), 2)')),
    ('DepthwiseConv1D', lambda: L.DepthwiseConv1D(2), X3, _kernel('(2, (2, 3, 4), (2, 3, 4))')),
    ('EinsumDense', lambda: L.EinsumDense('abc,cd->abd', (3, 2)), X3,
     {'list': (IndexError, 'list index out of range'), 'tuple': (IndexError, 'tuple index out of range'),
      'dict': (KeyError, '0')}),
    ('BatchNormalization', lambda: L.BatchNormalization(), X3,
     dict(_same(*_convert('((2, 3, 4),)')), dict=(KeyError, '-1'))),
    ('SimpleRNN', lambda: L.SimpleRNN(2), X3, dict(_same(*_convert('((2, 3, 4), 2)')), dict=(KeyError, '0'))),
    ('LSTM', lambda: L.LSTM(2), X3, dict(_same(*_convert('((2, 3, 4), 8)')), dict=(KeyError, '0'))),
    ('Bidirectional', lambda: L.Bidirectional(L.SimpleRNN(2)), X3,
     dict(_same(*_convert('((2, 3, 4), 2)')), dict=(KeyError, '0'))),
    ('Normalization', lambda: L.Normalization(mean=0., variance=1.), X3,
     dict(_same(InvalidArgumentError, 'shape must be a vector of {int32,int64}, got shape [1,3]'), dict=(KeyError, '0'))),
    ('TimeDistributed', lambda: L.TimeDistributed(L.Dense(2)), X3,
     {'list': _time_distributed('[(2, 3, 4)]'), 'tuple': _time_distributed('((2, 3, 4),)'),
      'dict': _time_distributed("{'a': (2, 3, 4)}")}),
]


@pytest.mark.parametrize('kind', ['list', 'tuple', 'dict'])
@pytest.mark.parametrize('name, make, x, expected', CASES, ids=[case[0] for case in CASES])
def test_error_as_tf(name, make, x, expected, kind):
    error_type, text = expected[kind]
    given = {'list': [x], 'tuple': (x,), 'dict': {'a': x}}[kind]
    with pytest.raises(Exception) as info:
        make()(given)
    # (TF's printed type name; tapeflow may raise a subclass of it)
    assert isinstance(info.value, error_type) and type(info.value).__name__ == error_type.__name__
    assert text in str(info.value)


def test_one_tensor_still_runs():
    """(the checks read nothing more from one tensor: these layers still take it)"""
    for _, make, x, _ in CASES:
        assert make()(x) is not None
