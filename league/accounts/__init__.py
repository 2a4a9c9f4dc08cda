"""Accounts: the first organiser, the accounts an organiser adds, and roles."""
