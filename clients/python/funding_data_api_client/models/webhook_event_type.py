from enum import StrEnum


class WebhookEventType(StrEnum):
    COMPANY_CREATED = "company.created"
    COMPANY_DELETED = "company.deleted"
    COMPANY_UPDATED = "company.updated"
    FUND_CREATED = "fund.created"
    FUND_DELETED = "fund.deleted"
    FUND_UPDATED = "fund.updated"
    GOV_NGO_CREATED = "gov_ngo.created"
    GOV_NGO_DELETED = "gov_ngo.deleted"
    GOV_NGO_UPDATED = "gov_ngo.updated"
    INVESTOR_CREATED = "investor.created"
    INVESTOR_DELETED = "investor.deleted"
    INVESTOR_UPDATED = "investor.updated"
    JOB_CREATED = "job.created"
    JOB_DELETED = "job.deleted"
    JOB_UPDATED = "job.updated"
    NEWS_CREATED = "news.created"
    NEWS_DELETED = "news.deleted"
    NEWS_UPDATED = "news.updated"
    PERSON_CREATED = "person.created"
    PERSON_DELETED = "person.deleted"
    PERSON_UPDATED = "person.updated"
    TRANSACTION_CREATED = "transaction.created"
    TRANSACTION_DELETED = "transaction.deleted"
    TRANSACTION_UPDATED = "transaction.updated"
    UNIVERSITY_CREATED = "university.created"
    UNIVERSITY_DELETED = "university.deleted"
    UNIVERSITY_UPDATED = "university.updated"
    VALUATION_CREATED = "valuation.created"
    VALUATION_DELETED = "valuation.deleted"
    VALUATION_UPDATED = "valuation.updated"

    def __str__(self) -> str:
        return str(self.value)
