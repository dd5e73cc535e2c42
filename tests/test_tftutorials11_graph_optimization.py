"""tf.config.optimizer as the graph-optimization tutorial (tensorflow.org, customization/
graph_optimization) prints it on TF 2.21: get_experimental_options lists the switches in TensorFlow's
RewriterConfig order (a toggle once set, disable_model_pruning / disable_meta_optimizer always, unknown
names dropped; tapeflow listed them as set, unknown ones too), and the debug stripper makes a
tf.function's check_numerics check nothing. Goldens printed by TF 2.21 (/opt/tfref) for
/work/notes/progs/tftutorials11/p10_graph_opt.py and probe_strip.py."""
import pytest

import framework as tf
from framework import config_optimizer


@pytest.fixture(autouse=True)
def _fresh_options():
    saved = dict(config_optimizer._settings['options'])
    config_optimizer._settings['options'].clear()
    yield
    config_optimizer._settings['options'].clear()
    config_optimizer._settings['options'].update(saved)


def test_options_read_back_in_tensorflow_order():
    options = tf.config.optimizer
    assert options.get_experimental_options() == {'disable_model_pruning': False, 'disable_meta_optimizer': False}
    options.set_experimental_options({'constant_folding': True})
    options.set_experimental_options({'remapping': False, 'arithmetic_optimization': False,
                                      'disable_meta_optimizer': True, 'debug_stripper': True})
    got = options.get_experimental_options()
    assert list(got.items()) == [('constant_folding', True), ('remapping', False), ('arithmetic_optimization', False),
                                 ('debug_stripper', True), ('disable_model_pruning', False),
                                 ('disable_meta_optimizer', True)]


def test_unknown_names_none_and_numbers_read_as_tensorflow():
    options = tf.config.optimizer
    options.set_experimental_options({'no_such_option': True, 'min_graph_nodes': 5, 'debug_stripper': None,
                                      'disable_model_pruning': 1, 'layout_optimizer': 0})
    assert list(options.get_experimental_options().items()) == [
        ('layout_optimizer', False), ('disable_model_pruning', True), ('disable_meta_optimizer', False),
        ('min_graph_nodes', 5)]
    options.set_experimental_options({'min_graph_nodes': 0, 'disable_model_pruning': None})
    assert options.get_experimental_options() == {'layout_optimizer': False, 'disable_model_pruning': False,
                                                  'disable_meta_optimizer': False}


def test_the_debug_stripper_turns_check_numerics_off_in_functions_only():
    @tf.function
    def checked(x):
        tf.debugging.check_numerics(x, 'Bad!')
        return tf.debugging.check_numerics(x, 'Bad!') * 2

    inf = tf.constant(float('inf'))
    with pytest.raises(tf.errors.InvalidArgumentError, match='Bad! : Tensor had Inf values'):
        checked(inf)
    tf.config.optimizer.set_experimental_options({'debug_stripper': True})
    assert checked(inf).numpy() == float('inf')
    with pytest.raises(tf.errors.InvalidArgumentError, match='eager : Tensor had Inf values'):
        tf.debugging.check_numerics(inf, 'eager')           # eager ops are not graph-optimized
    tf.config.optimizer.set_experimental_options({'debug_stripper': False})
    with pytest.raises(tf.errors.InvalidArgumentError, match='Bad! : Tensor had Inf values'):
        checked(inf)
