"""Transposed convolutions on inputs of a higher rank than theirs, as Keras 3 on TF 2.21: the spec asks a minimum
rank only, the layer builds, and the call fails working out the output shape (IndexError 'tuple index out of
range'; eagerly, above 5 axes, the backend's 'Input rank not supported'), in the call banner. tapeflow refused them
by max_ndim ('expected max_ndim=4, found ndim=5') (notes progs/layers18/ct.py)."""
import numpy as np
import pytest

from framework import keras

L = keras.layers
_BANNER = 'Exception encountered when calling %s.call().\n\n\x1b[1m'


def _message(fn, error):
    with pytest.raises(error) as caught:
        fn()
    return str(caught.value)


@pytest.mark.parametrize('name, rank', [('Conv1DTranspose', 4), ('Conv1DTranspose', 5), ('Conv2DTranspose', 5)])
def test_eager_index_error(name, rank):
    layer = getattr(L, name)(2, 1)
    x = np.ones((1,) + (2,) * (rank - 1), 'f')
    assert _message(lambda: layer(x), IndexError).startswith(_BANNER % name + 'tuple index out of range\x1b[0m')
    assert layer.built and tuple(layer.kernel.shape)[-2:] == (2, 2)       # built, as Keras's


@pytest.mark.parametrize('name, rank', [('Conv1DTranspose', 6), ('Conv2DTranspose', 6), ('Conv2DTranspose', 7),
                                        ('Conv3DTranspose', 6)])
def test_eager_rank_not_supported(name, rank):
    x = np.ones((1,) + (2,) * (rank - 1), 'f')
    assert _message(lambda: getattr(L, name)(2, 1)(x), ValueError).startswith(
        _BANNER % name + 'Input rank not supported: %d. Expected values are [3, 4, 5]\x1b[0m' % rank)


@pytest.mark.parametrize('name, rank', [('Conv1DTranspose', 4), ('Conv1DTranspose', 6), ('Conv2DTranspose', 5),
                                        ('Conv3DTranspose', 7)])
def test_symbolic_index_error(name, rank):
    assert _message(lambda: getattr(L, name)(2, 1)(keras.Input((2,) * (rank - 1))), IndexError).startswith(
        _BANNER % name + 'tuple index out of range\x1b[0m')
    assert _message(lambda: getattr(L, name)(2, 1).compute_output_shape((None,) + (2,) * (rank - 1)),
                    IndexError) == 'tuple index out of range'


def test_own_and_lower_ranks_unchanged():
    assert tuple(L.Conv2DTranspose(2, 1)(np.ones((1, 2, 2, 2), 'f')).shape) == (1, 2, 2, 2)
    assert tuple(L.Conv3DTranspose(2, 1)(keras.Input((2, 2, 2, 2))).shape) == (None, 2, 2, 2, 2)
    assert _message(lambda: L.Conv3DTranspose(2, 1)(np.ones((2, 2, 2, 2), 'f')), ValueError).endswith(
        "is incompatible with the layer: expected min_ndim=5, found ndim=4. Full shape received: (2, 2, 2, 2)")
    assert L.Conv2DTranspose(2, 1).rank == 2
