"""Lookup layers in an encoding mode keep the depth of their first vocabulary, and have Keras 3's
update_state / finalize_state / reset_state (TextVectorization too), as on TF 2.21.

Printed by TF 2.21 (progs/layers13/readapt.py, tvs.py):
    l = StringLookup(output_mode='multi_hot'); l.adapt(np.array(['a', 'b', 'c'])); l.adapt(np.array(['x']))
        -> RuntimeError 'When using `output_mode=multi_hot` and `pad_to_max_tokens=False`, the vocabulary size cannot
           be changed after the layer is called. Old vocab size is 4, new vocab size is 2'
           (then l.get_vocabulary() == ['[UNK]', 'x']); also count / tf_idf / one_hot, TextVectorization,
           set_vocabulary (StringLookup(output_mode='count', vocabulary=['a', 'b']).set_vocabulary(['x']): 3 -> 2)
    output_mode='int', or pad_to_max_tokens=True with max_tokens=5: re-adapting is fine
    t = TextVectorization(); t.update_state(docs[:2]); t.update_state(docs[2:]); t.finalize_state()
        -> the vocabulary of t.adapt(docs); t.reset_state() then forgets the counts
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('mode', ['multi_hot', 'count', 'tf_idf', 'one_hot'])
def test_readapt_to_another_size_is_keras_runtime_error(mode):
    layer = L.StringLookup(output_mode=mode)
    layer.adapt(np.array(['a', 'b', 'c']))
    with pytest.raises(RuntimeError, match='When using `output_mode=%s` and `pad_to_max_tokens=False`, the vocabulary '
                                           'size cannot be changed after the layer is called. Old vocab size is 4, new '
                                           'vocab size is 2' % mode):
        layer.adapt(np.array(['x']))
    assert layer.get_vocabulary() == ['[UNK]', 'x']


def test_set_vocabulary_and_text_vectorization_too():
    with pytest.raises(RuntimeError, match='Old vocab size is 3, new vocab size is 2'):
        L.StringLookup(output_mode='count', vocabulary=['a', 'b']).set_vocabulary(['x'])
    vectorize = L.TextVectorization(output_mode='multi_hot')
    vectorize.adapt(np.array(['a b c']))
    with pytest.raises(RuntimeError, match='Old vocab size is 4, new vocab size is 2'):
        vectorize.adapt(np.array(['x']))


def test_int_mode_and_padded_depth_readapt():
    layer = L.StringLookup()
    layer.adapt(np.array(['a', 'b', 'c']))
    layer.adapt(np.array(['x']))
    assert layer.get_vocabulary() == ['[UNK]', 'x']
    padded = L.StringLookup(output_mode='multi_hot', max_tokens=5, pad_to_max_tokens=True)
    padded.adapt(np.array(['a', 'b', 'c']))
    padded.adapt(np.array(['x']))
    assert padded.get_vocabulary() == ['[UNK]', 'x']


def test_text_vectorization_adapt_steps():
    docs = np.array(['a b b', 'b c', 'c c c d'])
    stepped = L.TextVectorization()
    stepped.update_state(docs[:2])
    stepped.update_state(docs[2:])
    stepped.finalize_state()
    adapted = L.TextVectorization()
    adapted.adapt(docs)
    assert stepped.get_vocabulary() == adapted.get_vocabulary() == ['', '[UNK]', 'c', 'b', 'd', 'a']
    stepped.reset_state()
    stepped.update_state(np.array(['z z y']))
    stepped.finalize_state()
    assert stepped.get_vocabulary() == ['', '[UNK]', 'z', 'y']
