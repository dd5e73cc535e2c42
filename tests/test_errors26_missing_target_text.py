"""One target for a model of two outputs under one loss: TF 2.21 raises Keras's KeyError, whose str() is
the sentence quoted (probe notes/progs/errors26 j5 fl_y_one); tapeflow's count rides as a note."""
import numpy as np
import pytest

from framework import keras


def test_one_target_for_a_list_of_two_outputs_prints_as_keras_key_error():
    keras.utils.set_random_seed(1)
    inputs = keras.Input((3,))
    model = keras.Model(inputs, [keras.layers.Dense(2)(inputs), keras.layers.Dense(1)(inputs)])
    model.compile('adam', 'mse')
    with pytest.raises(KeyError) as caught:
        model.fit(np.ones((4, 3), 'float32'), np.ones((4, 2)), verbose=0)
    assert str(caught.value) == ('"The path: (0,) in the `loss` argument, can\'t be found in either the model\'s '
                                 'output (`y_pred`) or in the labels (`y_true`)."')
    assert caught.value.__notes__ == ['y holds 1 target for 2 outputs with a loss; give one target per output']
    assert int(model.optimizer.iterations.numpy()) == 0


def _dict_outputs():
    inputs = keras.Input((3,), name='x')
    return keras.Model(inputs, {'out_a': keras.layers.Dense(2, name='out_a')(inputs),
                                'out_b': keras.layers.Dense(1, name='out_b')(inputs)})


@pytest.mark.parametrize('loss', ['mse', {'out_a': 'mse', 'out_b': 'mse'}])
@pytest.mark.parametrize('keys, first', [(('out_a', 'out_c'), 'out_a'), (('out_c', 'out_a'), 'out_c'),
                                         (('zzz', 'out_b'), 'zzz'), (('Out_A', 'Out_B'), 'Out_A')])
def test_targets_keyed_otherwise_than_as_many_dict_outputs_is_keras_type_error(loss, keys, first):
    # TF 2.21 (probe errors26 j6): Keras packs y's keys as the targets and converts the first one
    keras.utils.set_random_seed(1)
    model = _dict_outputs()
    model.compile('adam', loss)
    y = {keys[0]: np.ones((4, 2)), keys[1]: np.ones((4, 1))}
    with pytest.raises(TypeError) as caught:
        model.fit(np.ones((4, 3), 'float32'), y, verbose=0)
    assert str(caught.value) == "Expected float32, but got %s of type 'str'." % first
    assert isinstance(caught.value, ValueError)        # the class tapeflow raised before
    assert int(model.optimizer.iterations.numpy()) == 0
    with pytest.raises(TypeError) as caught:
        model.evaluate(np.ones((4, 3), 'float32'), y, verbose=0)
    assert str(caught.value) == "Expected float32, but got %s of type 'str'." % first


@pytest.mark.parametrize('loss', [['mse'], ['mse', 'mse', 'mse']])
def test_a_loss_list_of_another_length_for_dict_outputs_is_keras_type_error(loss):
    # TF 2.21 (probe errors26 j6): refused at the first fit, nothing trained; tapeflow trained out_a alone
    keras.utils.set_random_seed(1)
    model = _dict_outputs()
    model.compile('adam', loss)
    y = {'out_a': np.ones((4, 2)), 'out_b': np.ones((4, 1))}
    with pytest.raises(TypeError) as caught:
        model.fit(np.ones((4, 3), 'float32'), y, verbose=0)
    assert str(caught.value) == 'Expected any non-tensor type, but got a tensor instead.'
    assert int(model.optimizer.iterations.numpy()) == 0
