"""A layer whose call takes ``mask`` gets the structure of its inputs' masks, as in Keras 3.15.

Keras's Layer.__call__ fills ``mask`` (when not given, or given as None) with
``tree.map_structure(get_keras_mask, inputs)`` of the call's only tensor argument: for a list,
tuple or dict of inputs without masks that is ``[None, None]``, ``(None, None)``, ``{'a': None}``
(so a user's ``if mask is not None:`` branch runs), where tapeflow passed None. Single tensors
still get their mask or None.

Goldens: /work/notes/progs/kerasio22/maskprobe.py run with TF 2.21 + Keras 3.15
(``/opt/tfref/bin/python``), which printed each call's ``mask``.
"""
import numpy as np

from framework import keras
from framework.keras import layers


class Recorder(layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.masks = []

    def call(self, inputs, mask=None):
        self.masks.append(mask)
        if isinstance(inputs, dict):
            return inputs['a']
        return inputs[0] if isinstance(inputs, (list, tuple)) else inputs


A = np.ones((2, 3), 'float32')
B = np.ones((2, 3), 'float32')


def _mask_given(inputs, **kwargs):
    layer = Recorder()
    layer(inputs, **kwargs)
    return layer.masks[-1]


def test_eager_structures_without_masks():
    # TF: None, [None, None], (None, None), {'a': None}, [None, None]
    assert _mask_given(A) is None
    assert _mask_given([A, B]) == [None, None]
    assert _mask_given((A, B)) == (None, None)
    assert _mask_given({'a': A}) == {'a': None}
    assert _mask_given([A, B], mask=None) == [None, None]


def test_masked_member_and_single_tensor_keep_their_masks():
    masked = layers.Masking()(np.array([[1., 0.], [0., 2.]], 'float32'))
    pair = _mask_given([masked, B])       # TF: [<tf.Tensor ... [ True  True]>, None]
    assert pair[1] is None and pair[0].numpy().tolist() == [True, True]
    assert _mask_given(masked).numpy().tolist() == [True, True]


def test_functional_call_on_keras_tensors():
    # TF (the functional call runs ``call`` on its stand-ins): [None, None] and {'a': None}
    ia, ib = keras.Input((3,)), keras.Input((3,))
    assert _mask_given([ia, ib]) == [None, None]
    assert _mask_given({'a': ia}) == {'a': None}


def test_layer_without_mask_parameter_is_untouched():
    class Plain(layers.Layer):
        def call(self, inputs):
            return inputs[0]
    out = Plain()([A, B])
    assert out.shape == (2, 3)


class TwoArguments(layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.seen = []

    def call(self, x, y, mask=None, y_mask=None, x_mask=None):
        self.seen.append((mask, x_mask, y_mask))
        return x


def test_each_tensor_argument_gets_its_own_mask_parameter():
    """With several tensor arguments Keras fills ``<name>_mask`` for each, never ``mask``
    (maskprobe.py on TF: 'masks: None None None' unmasked, 'masks: None tf.Tensor([ True  True]...) None'
    for a masked x)."""
    layer = TwoArguments()
    layer(A, B)
    assert layer.seen[-1] == (None, None, None)
    masked = layers.Masking()(np.array([[1., 0.], [0., 2.]], 'float32'))
    layer(masked, B)
    mask, x_mask, y_mask = layer.seen[-1]
    assert mask is None and y_mask is None and x_mask.numpy().tolist() == [True, True]


def test_masked_tuple_and_dict_keep_their_structure():
    """maskprobe2.py on TF: a tuple of inputs gets a tuple of masks, a dict a dict of them."""
    masked = layers.Masking()(np.array([[1., 0.], [0., 2.]], 'float32'))
    pair = _mask_given((masked, B))
    assert type(pair) is tuple and pair[1] is None and pair[0].numpy().tolist() == [True, True]
    named = _mask_given({'a': masked, 'b': B})
    assert sorted(named) == ['a', 'b'] and named['b'] is None and named['a'].numpy().tolist() == [True, True]


def test_dropping_a_dict_members_mask_warns():
    """maskprobe2.py on TF: a layer without masking support given {'a': masked, 'b': b} warns."""
    import warnings
    masked = layers.Masking()(np.array([[1., 0.], [0., 2.]], 'float32'))

    class Plain(layers.Layer):
        def call(self, inputs):
            return inputs['a']
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        Plain(name='plain_dict')({'a': masked, 'b': B})
    assert [str(w.message) for w in caught] == [
        "Layer 'plain_dict' (of type Plain) was passed an input with a mask attached to it. However, this layer "
        "does not support masking and will therefore destroy the mask information. Downstream layers will not "
        "see the mask."]
