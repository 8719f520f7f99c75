// The account box in a page's header: sign up, sign in, sign out, and a link to your profile.
// Guests play without one; signing up keeps the seats the guest holds.
import { h, clear, api } from "./dom.js";

export async function currentAccount() {
  return (await api("/api/me")).account;
}

function signedIn(box, account, onChange) {
  clear(box,
    h("a", { class: "account-name", href: account.profile }, account.name),
    h("button", { type: "button", class: "ghost", id: "sign-out", onclick: async () => {
      await api("/api/logout", {});
      onChange(null);
    } }, "Sign out"));
}

function signedOut(box, onChange) {
  const name = h("input", { id: "account-name", maxlength: "24", placeholder: "username", autocomplete: "username", "aria-label": "username" });
  const password = h("input", { id: "account-password", type: "password", maxlength: "128", placeholder: "password", autocomplete: "current-password", "aria-label": "password" });
  const error = h("span", { class: "error account-error", role: "alert" });
  const send = (path) => async () => {
    error.textContent = "";
    try {
      const data = await api(path, { name: name.value.trim(), password: password.value });
      onChange(data.account);
    } catch (e) {
      error.textContent = e.message;
    }
  };
  clear(box, name, password,
    h("button", { type: "button", class: "ghost", id: "sign-in", onclick: send("/api/login") }, "Sign in"),
    h("button", { type: "button", class: "ghost", id: "sign-up", onclick: send("/api/signup") }, "Sign up"),
    error);
}

// Fill `box` and keep it current; `onChange(account)` runs after every sign-in or sign-out.
export async function accountBox(box, onChange = () => {}) {
  const show = (account) => {
    if (account) signedIn(box, account, (a) => { show(a); onChange(a); });
    else signedOut(box, (a) => { show(a); onChange(a); });
  };
  const account = await currentAccount();
  show(account);
  return account;
}
