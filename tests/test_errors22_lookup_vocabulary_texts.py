"""errors22: a lookup layer's vocabulary refused in Keras 3.15's words (printed by TF 2.21,
/work/notes/progs/errors22/p_vocab.py); tapeflow's own words (and the layer's name) stay as a note."""
import numpy as np
import pytest

from framework import keras

_MISPLACED = ('Found reserved %s token at unexpected location in `vocabulary`. Note that passed `vocabulary` does not '
              'need to include the OOV and mask tokens. Either remove all mask and OOV tokens, or include them only '
              'at the start of the vocabulary in precisely this order: %s. Received: %s at vocabulary index [%d]')
L = keras.layers


@pytest.mark.parametrize('make, text', [
    (lambda: L.StringLookup(vocabulary=['a', '', 'b'], mask_token=''),
     _MISPLACED % ('mask', "['', '[UNK]']", 'mask_token=', 1)),
    (lambda: L.StringLookup(vocabulary=['a', '[UNK]'], invert=True),
     _MISPLACED % ('OOV', "['[UNK]']", 'oov_token=[UNK]', 1)),
    (lambda: L.StringLookup(vocabulary=['a', '[UNK]'], num_oov_indices=2, invert=True),
     _MISPLACED % ('OOV', "['[UNK]', '[UNK]']", 'oov_token=[UNK]', 1)),
    (lambda: L.IntegerLookup(vocabulary=[3, 0], mask_token=0), _MISPLACED % ('mask', '[0, -1]', 'mask_token=0', 1)),
    (lambda: L.IntegerLookup(vocabulary=[3, -1], invert=True), _MISPLACED % ('OOV', '[-1]', 'oov_token=-1', 1)),
    (lambda: L.TextVectorization(vocabulary=['', 'a']), _MISPLACED % ('mask', "['', '[UNK]']", 'mask_token=', 0)),
    (lambda: L.StringLookup(vocabulary=[]), 'Cannot set an empty vocabulary. Received: vocabulary=[]'),
    (lambda: L.IntegerLookup(vocabulary=np.array([], 'int64')), 'Cannot set an empty vocabulary. Received: vocabulary=[]'),
    (lambda: L.StringLookup(vocabulary=['a', 'b', 'c'], max_tokens=3),
     'Attempted to set a vocabulary larger than the maximum vocab size. Received vocabulary size is 4; `max_tokens` is 3.'),
    (lambda: L.TextVectorization(vocabulary=['a', 'b', 'c'], max_tokens=3),
     'Attempted to set a vocabulary larger than the maximum vocab size. Received vocabulary size is 5; `max_tokens` is 3.'),
])
def test_vocabulary_refusals(make, text):
    with pytest.raises(ValueError) as caught:
        make()
    assert str(caught.value) == text


def test_an_oov_token_in_the_vocabulary_is_kept_when_not_inverting():
    assert L.StringLookup(vocabulary=['a', '[UNK]']).get_vocabulary() == ['[UNK]', 'a', '[UNK]']
