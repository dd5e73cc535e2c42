"""Hand-written numpy fits of bench_workloads.py's recurrent models: one LSTM(32) or GRU(32)
layer -> Dense(1), mean squared error, Adam, with Keras 3's cell formulas (gate orders
i, f, c, o and z, r, h; the GRU's reset_after=True with its two bias rows), forward over the
time steps and backpropagation through them. The numpy column for the 'lstm' and 'gru' rows:
the same work with no framework around it."""
import numpy as np


def _sigmoid(a):
    return 1 / (1 + np.exp(-a))


def _lstm_forward(xw, recurrent, units):
    """Hidden states and per-step caches of an LSTM over ``xw`` (the inputs' projection plus bias)."""
    batch, steps = xw.shape[:2]
    h = np.zeros((batch, units), xw.dtype)
    c = np.zeros_like(h)
    caches = []
    for t in range(steps):
        z = xw[:, t] + h @ recurrent
        i, f = _sigmoid(z[:, :units]), _sigmoid(z[:, units:2 * units])
        g, o = np.tanh(z[:, 2 * units:3 * units]), _sigmoid(z[:, 3 * units:])
        c_next = f * c + i * g
        tanh_c = np.tanh(c_next)
        caches.append((h, c, i, f, g, o, tanh_c))
        h, c = o * tanh_c, c_next
    return h, caches


def _lstm_backward(dh, caches, recurrent, units):
    """The gradient of every step's gate pre-activations (batch, steps, 4 units) and of the recurrent kernel."""
    batch = dh.shape[0]
    dz = np.empty((batch, len(caches), 4 * units), dh.dtype)
    d_recurrent = np.zeros_like(recurrent)
    dc = np.zeros_like(dh)
    for t in reversed(range(len(caches))):
        h_prev, c_prev, i, f, g, o, tanh_c = caches[t]
        dc = dc + dh * o * (1 - tanh_c * tanh_c)
        step = dz[:, t]
        step[:, :units] = dc * g * i * (1 - i)
        step[:, units:2 * units] = dc * c_prev * f * (1 - f)
        step[:, 2 * units:3 * units] = dc * i * (1 - g * g)
        step[:, 3 * units:] = dh * tanh_c * o * (1 - o)
        dc = dc * f
        d_recurrent += h_prev.T @ step
        dh = step @ recurrent.T
    return dz, d_recurrent


def _gru_forward(xw, recurrent, recurrent_bias, units):
    """Hidden states and per-step caches of a reset_after GRU over ``xw`` (the inputs' projection plus input bias)."""
    batch, steps = xw.shape[:2]
    h = np.zeros((batch, units), xw.dtype)
    caches = []
    for t in range(steps):
        inner = h @ recurrent + recurrent_bias
        x_t = xw[:, t]
        z = _sigmoid(x_t[:, :units] + inner[:, :units])
        r = _sigmoid(x_t[:, units:2 * units] + inner[:, units:2 * units])
        hh = np.tanh(x_t[:, 2 * units:] + r * inner[:, 2 * units:])
        caches.append((h, z, r, hh, inner[:, 2 * units:]))
        h = z * h + (1 - z) * hh
    return h, caches


def _gru_backward(dh, caches, recurrent, units):
    """The gradients of every step's input-side and recurrent-side pre-activations, and of the recurrent kernel."""
    batch = dh.shape[0]
    dx = np.empty((batch, len(caches), 3 * units), dh.dtype)
    d_inner = np.empty_like(dx)
    d_recurrent = np.zeros_like(recurrent)
    for t in reversed(range(len(caches))):
        h_prev, z, r, hh, inner_h = caches[t]
        d_hh = dh * (1 - z) * (1 - hh * hh)
        d_z = dh * (h_prev - hh) * z * (1 - z)
        d_r = d_hh * inner_h * r * (1 - r)
        x_step, inner_step = dx[:, t], d_inner[:, t]
        x_step[:, :units], x_step[:, units:2 * units], x_step[:, 2 * units:] = d_z, d_r, d_hh
        inner_step[:, :units], inner_step[:, units:2 * units], inner_step[:, 2 * units:] = d_z, d_r, d_hh * r
        d_recurrent += h_prev.T @ inner_step
        dh = dh * z + inner_step @ recurrent.T
    return dx, d_inner, d_recurrent


def rnn_fit(kind, data, batch, params, adam, batches, rng):
    """A callable running one epoch of the fit; ``params`` the Keras model's weights, updated in place."""
    x, y = data
    if kind == 'LSTM':
        kernel, recurrent, bias, dense_kernel, dense_bias = params
    else:
        kernel, recurrent, biases, dense_kernel, dense_bias = params
    units = recurrent.shape[0]

    def run():
        for idx in batches(len(x), batch, rng):
            xb, yb = x[idx], y[idx]
            size, steps, features = xb.shape
            flat = xb.reshape(-1, features)
            if kind == 'LSTM':
                xw = (flat @ kernel).reshape(size, steps, -1) + bias
                h, caches = _lstm_forward(xw, recurrent, units)
            else:
                xw = (flat @ kernel).reshape(size, steps, -1) + biases[0]
                h, caches = _gru_forward(xw, recurrent, biases[1], units)
            out = h @ dense_kernel + dense_bias
            d_out = 2 * (out - yb) / out.size
            dh = d_out @ dense_kernel.T
            if kind == 'LSTM':
                dz, d_recurrent = _lstm_backward(dh, caches, recurrent, units)
                d_rows = dz.reshape(-1, dz.shape[-1])
                input_grads = [flat.T @ d_rows, d_recurrent, d_rows.sum(axis=0)]
            else:
                dx, d_inner, d_recurrent = _gru_backward(dh, caches, recurrent, units)
                d_rows = dx.reshape(-1, dx.shape[-1])
                d_bias = np.stack([d_rows.sum(axis=0), d_inner.reshape(d_rows.shape).sum(axis=0)])
                input_grads = [flat.T @ d_rows, d_recurrent, d_bias]
            adam.update(input_grads + [h.T @ d_out, d_out.sum(axis=0)])
    return run
