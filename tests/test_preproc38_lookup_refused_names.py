"""A lookup layer refused for its arguments takes no auto name, as in Keras 3.

Keras 3 checks IndexLookup's arguments before Layer.__init__, so the next
StringLookup() is still 'string_lookup_1'; tapeflow named first and checked
after, so every refused layer shifted later names (seen in summaries/configs).
"""
import pytest

from framework import keras

layers = keras.layers


@pytest.mark.parametrize('bad', [
    dict(max_tokens=1),
    dict(vocabulary=['a', 'b'], invert=True, output_mode='one_hot'),
    dict(output_mode='int', sparse=True),
    dict(num_oov_indices=-1),
    dict(output_mode='nope'),
])
def test_refused_string_lookup_takes_no_name(bad):
    keras.backend.clear_session()
    with pytest.raises(ValueError):
        layers.StringLookup(**bad)
    assert layers.StringLookup().name == 'string_lookup'     # TF 2.21: 'string_lookup'


def test_refused_integer_lookup_takes_no_name():
    keras.backend.clear_session()
    with pytest.raises(ValueError, match='must be `.int.` when `invert` is true'):
        layers.IntegerLookup(invert=True, output_mode='count')
    assert layers.IntegerLookup().name == 'integer_lookup'


def test_tf_idf_vocabulary_without_weights_still_takes_a_name():
    # Keras checks this one after Layer.__init__: the name is used up (TF 2.21: 'string_lookup_1' next)
    keras.backend.clear_session()
    with pytest.raises(ValueError, match='`idf_weights` argument must also be provided'):
        layers.StringLookup(vocabulary=['a', 'b'], output_mode='tf_idf')
    assert layers.StringLookup().name == 'string_lookup_1'


@pytest.mark.parametrize('bad', [
    dict(standardize='upper'),
    dict(split='tab'),
    dict(output_mode='multi_hot', output_sequence_length=3),
    dict(output_mode='count', ragged=True),
])
def test_refused_text_vectorization_takes_no_name(bad):
    keras.backend.clear_session()
    with pytest.raises(ValueError):
        layers.TextVectorization(**bad)
    assert layers.TextVectorization().name == 'text_vectorization'    # TF 2.21
