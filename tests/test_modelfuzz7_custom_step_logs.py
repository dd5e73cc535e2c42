"""A custom train_step / test_step that returns logs no tensor can hold, or no dict: TF 2.21's errors.

Goldens printed by TF 2.21 + Keras 3 (/work/notes/progs/modelfuzz7/p08.py, t1.py, p09.py): a model
subclass whose step returns ``{m.name: m for m in self.metrics}`` (no ``.result()``), ``loss`` or
``[loss, 2.0]``, fit / evaluate / train_on_batch / test_on_batch on 24 samples in batches of 8.
"""
import logging

import numpy as np
import pytest

from framework import keras
from layers.training import step_retracing

X = np.linspace(0, 1, 72, dtype='float32').reshape(24, 3)
Y = np.arange(24) % 3
ONE_STEP = ('To be compatible with tf.function, Python functions must return zero or more Tensors or '
            'ExtensionTypes or None values; in compilation of <function TensorFlowTrainer._make_function.'
            '<locals>.one_step_on_data at 0x')


@pytest.fixture(autouse=True)
def fresh_state():
    step_retracing.forget()
    keras.utils.set_random_seed(7)
    yield
    step_retracing.forget()
    keras.backend.clear_session()


class MetricObjects(keras.Model):
    def train_step(self, data):
        super().train_step(data)
        return {m.name: m for m in self.metrics}

    def test_step(self, data):
        super().test_step(data)
        return {m.name: m for m in self.metrics}


class ReturnsLoss(keras.Model):
    as_list = False

    def train_step(self, data):
        logs = super().train_step(data)
        return [logs['loss'], 2.0] if self.as_list else logs['loss']


def _model(cls, **compile_args):
    inputs = keras.Input((3,))
    model = cls(inputs, keras.layers.Dense(3, activation='softmax')(inputs))
    model.compile('sgd', 'sparse_categorical_crossentropy', metrics=['accuracy'], **compile_args)
    return model


@pytest.mark.parametrize('run', [
    lambda m: m.fit(X, Y, batch_size=8, verbose=0),
    lambda m: m.evaluate(X, Y, verbose=0),
    lambda m: m.train_on_batch(X, Y),
    lambda m: m.test_on_batch(X, Y, return_dict=True)])
@pytest.mark.parametrize('steps_per_execution', [1, 2])
def test_traced_step_refuses_metric_objects_first_in_sorted_keys(run, steps_per_execution):
    # TF 2.21: "... found return value of type CompileMetrics, which is not a Tensor or ExtensionType."
    # (tf.nest's order: 'compile_metrics' before 'loss')
    model = _model(MetricObjects, steps_per_execution=steps_per_execution)
    with pytest.raises(TypeError) as caught:
        run(model)
    assert str(caught.value).startswith(ONE_STEP)
    assert str(caught.value).endswith('>, found return value of type CompileMetrics, which is not a Tensor or '
                                      'ExtensionType.')


@pytest.mark.parametrize('run', [lambda m: m.fit(X, Y, batch_size=8, verbose=0), lambda m: m.evaluate(X, Y, verbose=0)])
def test_eager_step_refuses_metric_objects_first_in_dict_order(run):
    # TF 2.21 (run_eagerly: tf.experimental.Optional.from_value): "Could not build a `TypeSpec` for
    # <Mean name=loss> with type Mean"
    model = _model(MetricObjects, run_eagerly=True)
    with pytest.raises(TypeError) as caught:
        run(model)
    assert str(caught.value) == 'Could not build a `TypeSpec` for <Mean name=loss> with type Mean'


def test_eager_on_batch_returns_the_metric_objects():
    # TF 2.21: [<Mean name=loss>, <CompileMetrics name=compile_metrics>] (no tf.function, no Optional)
    model = _model(MetricObjects, run_eagerly=True)
    assert [type(v).__name__ for v in model.train_on_batch(X, Y)] == ['Mean', 'CompileMetrics']


@pytest.mark.parametrize('run_eagerly', [False, True])
@pytest.mark.parametrize('run', [lambda m: m.fit(X, Y, batch_size=8, verbose=0), lambda m: m.train_on_batch(X, Y)])
def test_returned_loss_tensor_fails_as_callbacks_read_it(run, run_eagerly):
    model = _model(ReturnsLoss, run_eagerly=run_eagerly)
    with pytest.raises(AttributeError, match=r"^'tensorflow\.python\.framework\.ops\.EagerTensor' object has no "
                                             r"attribute 'items'$"):
        run(model)


def test_returned_list_is_one_tensor_whose_truth_fails():
    model = _model(ReturnsLoss)
    model.as_list = True
    with pytest.raises(ValueError, match=r'^The truth value of an array with more than one element is ambiguous'):
        model.fit(X, Y, batch_size=8, verbose=0)
    # train_on_batch's tf.function returns the list as a list: "'list' object has no attribute 'items'"
    with pytest.raises(AttributeError, match=r"^'list' object has no attribute 'items'$"):
        model.train_on_batch(X, Y)


def test_failed_logs_still_count_the_step_call_for_retracing(caplog):
    # TF 2.21 (p09.py 'b'): the step's function ran before Keras's callbacks failed on its logs, so the
    # call and trace count: one good fit + evaluate, the failing fit, then four more: the warning
    # "5 out of the last 15 calls" comes in the next model's evaluate, "6 out of the last 16" in the
    # fit after it (tapeflow forgot the failing model's call: 14 and 15 calls, the second warning missing)
    caplog.set_level(logging.WARNING, logger='tensorflow')
    seen = []
    for cls in [keras.Model, ReturnsLoss, keras.Model, keras.Model, keras.Model, keras.Model]:
        model = _model(cls)
        try:
            model.fit(X, Y, batch_size=8, epochs=2, verbose=0)
            model.evaluate(X, Y, verbose=0)
        except AttributeError:
            pass
        seen.append([r.getMessage().split(' calls')[0] for r in caplog.records
                     if 'triggered tf.function retracing' in r.getMessage()])
    both = ['5 out of the last 15', '6 out of the last 16']
    assert seen == [[], [], both[:1], both, both, both]
