"""Sublayers and weights in the order they were added to a layer, as Keras 3's tracker lists them.

Every expected list below was printed by TF 2.21 / Keras 3.15 running the same class
(/work/notes/progs/layerorder/cases.py and more.py, `import keras`); tapeflow listed sublayers by
attribute position before (c, a1, a2, b1 where Keras has c, a1, b1, a2).
"""
import numpy as np

from framework import keras
from framework.keras import layers

X = keras.ops.ones((1, 2))


def dense(units, name):
    return layers.Dense(units, name=name)


class CallsAll(layers.Layer):
    """Calls each direct sublayer once on the input, so that each has weights."""

    def call(self, x):
        for sub in self._flatten_layers(include_self=False, recursive=False):
            sub(x)
        return x


def names(layer):
    layer(X)
    return ([s.name for s in layer._flatten_layers(include_self=False, recursive=False)],
            [w.path for w in layer.weights])


def test_appends_to_two_lists_interleave_in_the_order_made():
    class L(CallsAll):
        def __init__(self):
            super().__init__(name='k1')
            self.a = []
            self.b = []
            self.c = dense(5, 'c')
            self.a.append(dense(1, 'a1'))
            self.b.append(dense(2, 'b1'))
            self.a.append(dense(3, 'a2'))
            self.d = {}
            self.d['x'] = dense(4, 'dx')

    subs, weights = names(L())
    assert subs == ['c', 'a1', 'b1', 'a2', 'dx']
    assert weights == ['k1/c/kernel', 'k1/c/bias', 'k1/a1/kernel', 'k1/a1/bias', 'k1/b1/kernel', 'k1/b1/bias',
                       'k1/a2/kernel', 'k1/a2/bias', 'k1/dx/kernel', 'k1/dx/bias']


def test_nested_lists_dicts_and_tuples_are_tracked_inside():
    class L(CallsAll):
        def __init__(self):
            super().__init__(name='k5')
            self.a = [[dense(1, 'n1')], {'k': dense(2, 'n2')}, (dense(3, 'n3'),)]
            self.z = dense(1, 'z')
            self.a[0].append(dense(4, 'n4'))
            self.a[1]['j'] = dense(5, 'n5')

    assert names(L())[0] == ['n1', 'n2', 'n3', 'z', 'n4', 'n5']


def test_insert_extend_and_plus_equals_go_last_when_made():
    class L(CallsAll):
        def __init__(self):
            super().__init__(name='k6')
            self.a = [dense(1, 'i1')]
            self.z = dense(1, 'z')
            self.a.insert(0, dense(2, 'i0'))
            self.a.extend([dense(3, 'e1')])
            self.w = dense(1, 'w')
            self.a += [dense(4, 'pl')]
            self.v = dense(1, 'v')

    assert names(L())[0] == ['i1', 'z', 'i0', 'e1', 'w', 'pl', 'v']


def test_removed_then_added_again_goes_last():
    """Keras untracks what list.remove / dict.pop take out (l1 and db are gone)."""
    class L(CallsAll):
        def __init__(self):
            super().__init__(name='k7')
            self.d = {'b': dense(1, 'db'), 'a': dense(2, 'da')}
            self.z = dense(1, 'z')
            self.l = [dense(1, 'l1'), dense(1, 'l2')]
            self.l.remove(self.l[0])
            self.d.pop('b')
            self.d['b2'] = dense(1, 'db2')

    assert names(L())[0] == ['da', 'z', 'l2', 'db2']


def test_a_list_assigned_is_a_tracked_copy():
    """Keras stores a TrackedList copy: appending to the original list afterwards adds nothing."""
    class L(CallsAll):
        def __init__(self):
            super().__init__(name='k11')
            made = [dense(1, 'y1')]
            self.a = made
            self.z = dense(1, 'z')
            made.append(dense(1, 'y2'))
            self.a.append(dense(1, 'y3'))

    layer = L()
    assert type(layer.a).__name__ == 'TrackedList' and isinstance(layer.a, list)
    assert names(layer)[0] == ['y1', 'z', 'y3']


def test_same_layer_twice_is_listed_once_and_variables_keep_their_own_order():
    class L(CallsAll):
        def __init__(self):
            super().__init__(name='k8')
            self.s = dense(1, 's')
            self.v1 = keras.Variable(1.0, name='v1')
            self.w0 = self.add_weight(shape=(), name='w0', trainable=False)
            self.v2 = keras.Variable(2.0, name='v2')
            self.again = self.s

        def build(self, shape):
            self.w1 = self.add_weight(shape=(), name='w1')
            self.t = dense(2, 't')

    layer = L()
    subs, weights = names(layer)
    assert subs == ['s', 't']
    assert weights == ['v1', 'v2', 'k8/w1', 'k8/w0', 'k8/s/kernel', 'k8/s/bias', 'k8/t/kernel', 'k8/t/bias']
    assert [w.path for w in layer.trainable_variables] == [
        'v1', 'v2', 'k8/w1', 'k8/s/kernel', 'k8/s/bias', 'k8/t/kernel', 'k8/t/bias']


class _Inner(layers.Layer):
    def __init__(self, name):
        super().__init__(name=name)
        self.p = dense(1, name + 'p')
        self.q = dense(1, name + 'q')

    def call(self, x):
        return self.q(self.p(x))


def test_flatten_layers_walks_as_keras_deque_does():
    """Keras's recursive _flatten_layers puts a layer's sublayers at the queue's front reversed."""
    class Outer(layers.Layer):
        def __init__(self):
            super().__init__(name='outer')
            self.blocks = []
            self.head = dense(1, 'head')
            self.blocks.append(_Inner('i1'))
            self.blocks.append(_Inner('i2'))

        def call(self, x):
            for block in self.blocks:
                x = block(x)
            return self.head(x)

    outer = Outer()
    outer(X)
    assert [s.name for s in outer._flatten_layers()] == ['outer', 'head', 'i1', 'i1q', 'i1p', 'i2', 'i2q', 'i2p']
    assert [w.path for w in outer.weights][:4] == ['outer/head/kernel', 'outer/head/bias',
                                                   'outer/i1/i1p/kernel', 'outer/i1/i1p/bias']


def test_model_layers_weights_and_optimizer_slots_follow_the_order_added():
    class M(keras.Model):
        def __init__(self):
            super().__init__()
            self.hs = []
            self.out = dense(1, 'out')
            self.hs.append(dense(3, 'h1'))
            self.hs.append(dense(2, 'h2'))

        def call(self, x):
            for h in self.hs:
                x = h(x)
            return self.out(x)

    model = M()
    model.compile(optimizer=keras.optimizers.Adam(0.1), loss='mse')
    model.fit(np.ones((4, 2)), np.ones((4, 1)), verbose=0, epochs=1)
    assert [s.name for s in model.layers] == ['out', 'h1', 'h2']
    assert [w.shape for w in model.get_weights()] == [(2, 1), (1,), (2, 3), (3,), (3, 2), (2,)]
    # (the optimizer's own name is auto-numbered per process: 'adam', 'adam_1', ...; the slots' order is the point)
    assert [v.path.split('/', 1)[1] for v in model.optimizer.variables][2:8] == [
        'm_out_kernel_momentum', 'm_out_kernel_velocity', 'm_out_bias_momentum',
        'm_out_bias_velocity', 'm_h1_kernel_momentum', 'm_h1_kernel_velocity']


def test_a_layer_set_before_super_init_comes_first():
    class M(keras.Model):
        def __init__(self):
            self.early = dense(1, 'early')
            super().__init__(name='m2')
            self.late = dense(1, 'late')

        def call(self, x):
            return self.late(self.early(x))

    model = M()
    model(X)
    assert [s.name for s in model.layers] == ['early', 'late']


def test_tracked_containers_act_as_the_lists_and_dicts_they_copy():
    """Measured in TF 2.21 / Keras 3.15: a layer's list attribute is a TrackedList, and x[that list]
    reads as x[0, 1] (1.0); a functional model's input dict stays a plain dict; a mixed-precision
    layer's list of weights is cast inside call."""
    import numpy as np
    import framework as tf
    from framework import keras

    class Holder(keras.layers.Layer):
        def __init__(self):
            super().__init__()
            self.idx = [0, 1]

    holder = Holder()
    assert isinstance(holder.idx, list) and type(holder.idx).__name__ == 'TrackedList'
    x = tf.constant(np.arange(12.0).reshape(3, 4))
    assert float(x[holder.idx]) == 1.0 and float(tf.Variable(x)[holder.idx]) == 1.0
    a, b = keras.Input((1,), name='a'), keras.Input((1,), name='b')
    model = keras.Model({'a': a, 'b': b}, [keras.layers.Concatenate()([a, b]), a])
    assert type(model.input) is dict and type(model.output) is list and type(model.inputs) is list
