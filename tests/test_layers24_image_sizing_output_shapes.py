"""Resizing / CenterCrop / RandomCrop.compute_output_shape follow Keras 3's own rules (TF 2.21).

Keras's Resizing places the size by rank alone (rank 4 is a batch, any other rank one image) and checks
nothing; CenterCrop checks the rank in its own words first; RandomCrop counts its axes from the end.
Symbolic calls go through these, so Input((6,)) into Resizing is a (2, 3) KerasTensor there, and shapes
lacking an axis fail with the list's IndexError. tapeflow refused every rank but 3 and 4 in its own text.
All expected values below were printed by TF 2.21 (probe /work/notes/progs/layers24/c1.py).
"""
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('data_format, shape, expected', [
    # TF 2.21 gives these
    ('channels_last', (None, 6), (2, 3)),
    ('channels_last', (1, 2, 5, 6, 3), (2, 3, 5, 6, 3)),
    ('channels_first', (1, 2, 5, 6, 3), (1, 2, 3, 6, 3)),
    ('channels_last', (5, 6, 3), (2, 3, 3)),
    ('channels_first', (None, 3, 5, 6), (None, 3, 2, 3)),
])
def test_resizing_places_size_by_rank(data_format, shape, expected):
    layer = L.Resizing(2, 3, data_format=data_format)
    assert layer.compute_output_shape(shape) == expected
    out = layer(keras.Input(shape[1:], batch_size=shape[0]))
    assert tuple(out.shape) == expected


@pytest.mark.parametrize('cls', ['Resizing', 'RandomCrop'])
@pytest.mark.parametrize('shape', [(6,), ()])
def test_missing_axis_is_list_index_error(cls, shape):
    # TF 2.21: IndexError 'list assignment index out of range'
    with pytest.raises(IndexError, match='^list assignment index out of range$'):
        getattr(L, cls)(2, 3).compute_output_shape(shape)


def test_resizing_channels_first_rank2_symbolic_fails_in_banner():
    # TF 2.21: IndexError 'Exception encountered when calling Resizing.call(). ... list assignment index out of range'
    with pytest.raises(IndexError, match='list assignment index out of range'):
        L.Resizing(2, 3, data_format='channels_first')(keras.Input((6,)))


CENTER_CROP_TEXT = ('`input_shape` must be a non-nested tuple or list of rank-1 with size 3 (unbatched) '
                    'or 4 (batched). ')


@pytest.mark.parametrize('shape', [(6,), (None, 6), (1, 2, 5, 6, 3), ((None, 5, 6, 3),)])
def test_center_crop_checks_rank_in_keras_words(shape):
    with pytest.raises(ValueError) as info:
        L.CenterCrop(2, 3).compute_output_shape(shape)
    assert str(info.value) == CENTER_CROP_TEXT       # TF 2.21's text, its trailing space included


def test_center_crop_symbolic_rank5_and_empty_shape():
    with pytest.raises(ValueError, match='must be a non-nested tuple or list of rank-1'):
        L.CenterCrop(2, 3)(keras.Input((2, 5, 6, 3), batch_size=1))
    with pytest.raises(IndexError, match='^list index out of range$'):     # TF 2.21: input_shape[0] of []
        L.CenterCrop(2, 3).compute_output_shape(())
    assert L.CenterCrop(2, 3, data_format='channels_first').compute_output_shape([None, 3, 5, 6]) == (None, 3, 2, 3)


@pytest.mark.parametrize('data_format, shape, expected', [
    # TF 2.21 gives these
    ('channels_last', (1, 2, 5, 6, 3), (1, 2, 2, 3, 3)),
    ('channels_first', (1, 2, 5, 6, 3), (1, 2, 5, 2, 3)),
    ('channels_first', (None, 6), (2, 3)),
    ('channels_last', (5, 6, 3), (2, 3, 3)),
])
def test_random_crop_counts_axes_from_end(data_format, shape, expected):
    layer = L.RandomCrop(2, 3, data_format=data_format)
    assert layer.compute_output_shape(shape) == expected
    assert tuple(layer(keras.Input(shape[1:], batch_size=shape[0])).shape) == expected


def test_random_crop_rank2_symbolic_fails_in_banner():
    # TF 2.21: IndexError in the RandomCrop.call() banner
    with pytest.raises(IndexError, match='list assignment index out of range'):
        L.RandomCrop(1, 1)(keras.Input((6,)))
