"""A loop on a tensor in a tf.function is one tf.while_loop: the ops of its body take names in the body's graph
(``while/mul``), the enclosing graph's names stay free for the ops after the loop, and the loop variables
print after the loop as the loop op's outputs (``while:2`` after its counter and maximum; a for loop's from
``while:3``, after its iterate). Lines printed by TF 2.21 (notes/progs/autograph2/p*.py)."""
import framework as tf


def test_a_while_bodys_ops_and_its_variable_after_the_loop(capsys):
    @tf.function
    def f(x):
        while x < 100:
            x = x * 2
            print('x in body', x)
        y = x + 1
        print('y', y, x)
        return y

    assert float(f(tf.constant(1.0))) == 129.0
    assert capsys.readouterr().out.splitlines() == [
        'x in body Tensor("while/mul:0", shape=(), dtype=float32)',
        'y Tensor("add:0", shape=(), dtype=float32) Tensor("while:2", shape=(), dtype=float32)']


def test_while_variables_after_the_loop_in_autographs_order(capsys):
    @tf.function
    def f(x):
        count = tf.constant(0)
        while x > 1:
            if x % 2 == 0:
                x = x // 2
            else:
                x = 3 * x + 1
            count += 1
        print('count', count, 'x', x)
        return count

    assert int(f(tf.constant(6))) == 8
    assert capsys.readouterr().out.splitlines() == [
        'count Tensor("while:2", shape=(), dtype=int32) x Tensor("while:3", shape=(), dtype=int32)']


def test_a_while_on_a_reduction_prints_its_body_op_and_output_with_the_shape(capsys):
    @tf.function
    def f(x):
        while tf.reduce_sum(x) > 1:
            x = tf.tanh(x)
            print('x in body', x)
        print('x after', x)
        return x

    assert f(tf.fill([5], 2.0)).numpy().shape == (5,)
    assert capsys.readouterr().out.splitlines() == [
        'x in body Tensor("while/Tanh:0", shape=(5,), dtype=float32)',
        'x after Tensor("while:2", shape=(5,), dtype=float32)']


def test_nested_whiles_name_the_inner_loop_below_the_outer(capsys):
    @tf.function
    def f(x):
        i = tf.constant(0)
        while i < 3:
            j = tf.constant(0)
            while j < 2:
                print('inner j', j, 'i', i)
                j += 1
            i += 1
        print('i', i)
        return i

    assert int(f(tf.constant(1.0))) == 3
    assert capsys.readouterr().out.splitlines() == [
        'inner j Tensor("while/while/Placeholder:0", shape=(), dtype=int32) '
        'i Tensor("while/Placeholder:0", shape=(), dtype=int32)',
        'i Tensor("while:2", shape=(), dtype=int32)']


def test_a_range_loops_body_ops_and_the_ops_after_it(capsys):
    @tf.function
    def f(x):
        for i in tf.range(3):
            x = x * 2
            print('x in body', x)
        y = x + 1
        print('y', y)
        return y

    assert float(f(tf.constant(1.0))) == 9.0
    # autograph's range length takes 'add' (and sub, floordiv, ...) in the enclosing graph before the loop
    assert capsys.readouterr().out.splitlines() == [
        'x in body Tensor("while/mul:0", shape=(), dtype=float32)',
        'y Tensor("add_1:0", shape=(), dtype=float32)']


def test_a_range_loops_variable_after_the_loop(capsys):
    @tf.function
    def f(x):
        for i in tf.range(3):
            print('i is', i)
            x = x * 2
        print('x after', x)
        return x

    assert float(f(tf.constant(1.0))) == 8.0
    assert capsys.readouterr().out.splitlines() == [
        'i is Tensor("while/Placeholder:0", shape=(), dtype=int32)',
        'x after Tensor("while:3", shape=(), dtype=float32)']


def test_a_loop_over_a_tensors_rows(capsys):
    @tf.function
    def f(x):
        s = tf.constant(0.0)
        for row in x:
            s += tf.reduce_sum(row)
            print('row', row)
        print('s', s)
        return s

    assert float(f(tf.ones([3, 2]))) == 6.0
    assert capsys.readouterr().out.splitlines() == [
        'row Tensor("while/TensorArrayV2Read/TensorListGetItem:0", shape=(2,), dtype=float32)',
        's Tensor("while:3", shape=(), dtype=float32)']


def test_eager_loops_print_values(capsys):
    x = tf.constant(1.0)
    for i in tf.range(2):
        x = x * 2
    print(x)
    assert capsys.readouterr().out == 'tf.Tensor(4.0, shape=(), dtype=float32)\n'


def test_an_inner_range_loop_of_no_turn_still_traces_its_body(capsys):
    @tf.function
    def f(n):
        total = tf.constant(0)
        for i in tf.range(n):
            for j in tf.range(i):
                print('inner', i, j)
                total += j
        print('total', total)
        return total

    assert int(f(tf.constant(4))) == 4
    assert capsys.readouterr().out.splitlines() == [
        'inner Tensor("while/Placeholder:0", shape=(), dtype=int32) '
        'Tensor("while/while/Placeholder:0", shape=(), dtype=int32)',
        'total Tensor("while:3", shape=(), dtype=int32)']


def test_a_continue_in_the_first_turn_still_shows_the_rest_of_the_body(capsys):
    @tf.function
    def f(x):
        for i in tf.range(4):
            if i % 2 == 0:
                continue
            print('odd turn', i)
            x += 1
        return x

    assert int(f(tf.constant(0))) == 2
    assert capsys.readouterr().out.splitlines() == ['odd turn Tensor("while/Placeholder:0", shape=(), dtype=int32)']


def test_a_model_called_in_a_loop_body_takes_its_scope_below_the_loop(capsys):
    from framework import keras
    keras.backend.clear_session()
    model = keras.Sequential([keras.layers.Dense(2)])
    model.build((None, 3))

    @tf.function
    def run(x):
        out = tf.zeros([1, 2])
        for i in tf.range(2):
            out = model(x)
            print('out', out)
        print('final', out)
        return out

    assert run(tf.ones([1, 3])).shape == (1, 2)
    assert capsys.readouterr().out.splitlines() == [
        'out Tensor("while/sequential_1/dense_1/BiasAdd:0", shape=(1, 2), dtype=float32)',
        'final Tensor("while:3", shape=(1, 2), dtype=float32)']


def test_a_loop_in_a_name_scope_names_its_body_below_the_loop_only(capsys):
    @tf.function
    def f(x):
        with tf.name_scope('outer'):
            for i in tf.range(2):
                x = x + 1.0
                print('x in body', x)
            print('x after', x)
        return x

    assert float(f(tf.constant(0.0))) == 2.0
    assert capsys.readouterr().out.splitlines() == [
        'x in body Tensor("outer/while/add:0", shape=(), dtype=float32)',
        'x after Tensor("outer/while:3", shape=(), dtype=float32)']


def test_a_tensor_arrays_stack_after_a_loop(capsys):
    @tf.function
    def f(x):
        ta = tf.TensorArray(tf.float32, size=3)
        for i in tf.range(3):
            ta = ta.write(i, x * tf.cast(i, tf.float32))
        out = ta.stack()
        print('out', out)
        tb = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        for i in tf.range(2):
            tb = tb.write(i, tf.ones([2, 3]))
        print('tb', tb.stack())
        return out

    assert f(tf.constant(2.0)).numpy().tolist() == [0.0, 2.0, 4.0]
    assert capsys.readouterr().out.splitlines() == [
        'out Tensor("TensorArrayV2Stack/TensorListStack:0", shape=(3,), dtype=float32)',
        'tb Tensor("TensorArrayV2Stack_1/TensorListStack:0", shape=(None, 2, 3), dtype=float32)']


def test_a_scalar_tensor_index_makes_an_add_first(capsys):
    @tf.function
    def f(x, i):
        y = x[i]
        z = y + 1
        print(y, z)
        return z

    f(tf.ones([3, 2]), tf.constant(1))
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("strided_slice:0", shape=(2,), dtype=float32) Tensor("add_1:0", shape=(2,), dtype=float32)']


def test_the_guides_dynamic_rnn_loop(capsys):
    @tf.function
    def dynamic_rnn(input_data, initial_state):
        input_data = tf.transpose(input_data, [1, 0, 2])
        states = tf.TensorArray(tf.float32, size=input_data.shape[0])
        state = initial_state
        for i in tf.range(input_data.shape[0]):
            state = input_data[i] + state
            print('state', state)
            states = states.write(i, state)
        print('final state', state)
        return tf.transpose(states.stack(), [1, 0, 2])

    assert dynamic_rnn(tf.ones([2, 3, 4]), tf.zeros([2, 4])).shape == (2, 3, 4)
    assert capsys.readouterr().out.splitlines() == [
        'state Tensor("while/add_1:0", shape=(2, 4), dtype=float32)',
        'final state Tensor("while:3", shape=(2, 4), dtype=float32)']


def test_a_dataset_loop_is_a_reduce(capsys):
    ds = tf.data.Dataset.from_tensor_slices([1.0, 2.0, 3.0])

    @tf.function
    def f(ds):
        total = tf.constant(0.0)
        for x in ds:
            total = total + x * 2
            print('in body', total, x)
        print('total', total)
        y = total + 1
        print('y', y)
        return y

    assert float(f(ds)) == 13.0
    assert capsys.readouterr().out.splitlines() == [
        'in body Tensor("add:0", shape=(), dtype=float32) Tensor("args_1:0", shape=(), dtype=float32)',
        'total Tensor("ReduceDataset:0", shape=(), dtype=float32)',
        'y Tensor("add:0", shape=(), dtype=float32)']


def test_a_dataset_loops_batch_has_the_specs_open_length(capsys):
    ds = tf.data.Dataset.from_tensor_slices(tf.ones([5, 2])).batch(2)

    @tf.function
    def f(ds):
        total = tf.constant(0.0)
        for x in ds:
            print('x', x)
            total += tf.reduce_sum(x)
        return total

    assert float(f(ds)) == 10.0
    assert capsys.readouterr().out.splitlines() == ['x Tensor("args_1:0", shape=(None, 2), dtype=float32)']
